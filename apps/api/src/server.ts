/**
 * Starts the API: loads and validates the configuration (a bad one stops here with a readable message), builds the
 * app, listens on API_HOST:API_PORT, and shuts down gracefully on SIGTERM/SIGINT (stops accepting, finishes
 * in-flight requests, closes the database).
 */
import { build } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** A shutdown that takes longer than this is cut short, so an orchestrator's kill never meets a hung process. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await build(config);
  await app.listen({ host: config.host, port: config.port });

  let isShuttingDown = false;
  const shutDown = async (signal: NodeJS.Signals) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close(); // onClose closes the database
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', shutDown);
  process.once('SIGINT', shutDown);
}

main().catch((error: unknown) => {
  console.error('The API failed to start:', error);
  process.exit(1);
});
