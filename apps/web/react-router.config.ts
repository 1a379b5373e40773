import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  future: {
    // Route middleware: the root's session middleware (app/lib/session.server.ts) runs before every loader/action.
    v8_middleware: true,
  },
} satisfies Config;
