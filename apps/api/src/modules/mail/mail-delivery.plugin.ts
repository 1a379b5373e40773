/**
 * Runs mail delivery passes (mail-delivery.ts) on a timer while the app is up, when SMTP_URL is set; without it the
 * outbox only collects mails. One pass at a time per instance; several instances share the outbox safely (claims).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { type DeliveryPass, deliverDueMails } from './mail-delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mails this instance's passes sent, put off for a retry, and gave up, since it started (the metrics). */
    mailDeliveryTotals: DeliveryPass;
  }
}

export const mailDeliveryPlugin = fp(
  async (fastify: FastifyInstance) => {
    const totals: DeliveryPass = { sent: 0, retrying: 0, failed: 0 };
    fastify.decorate('mailDeliveryTotals', totals);
    const { smtpUrl, from, deliveryIntervalMs } = fastify.config.mail;
    if (!smtpUrl) return;
    const transporter = nodemailer.createTransport(smtpUrl);
    const traceBackground = fastify.hasDecorator('traceBackground') ? fastify.traceBackground : undefined;
    let running: Promise<unknown> | null = null;
    let isStopping = false;
    const runPass = () => {
      if (running || isStopping) return; // the previous pass is still sending, or the app is shutting down
      running = deliverDueMails({
        db: fastify.database.db,
        sender: transporter,
        from,
        log: fastify.log,
        traceBackground,
      })
        .then((pass) => {
          totals.sent += pass.sent;
          totals.retrying += pass.retrying;
          totals.failed += pass.failed;
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'mail delivery pass failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(runPass, deliveryIntervalMs);
    timer.unref();
    fastify.addHook('onReady', async () => runPass());
    // A shutdown claims no more mails from its start (preClose), not only once the requests in flight are answered
    // (which may take seconds): another instance delivers them. The pass under way sends what it claimed, so no
    // claimed mail waits for its lease to run out.
    fastify.addHook('preClose', async () => {
      isStopping = true;
      clearInterval(timer);
    });
    // Stop before the database closes (onClose hooks run in reverse order of registration).
    fastify.addHook('onClose', async () => {
      await running;
      transporter.close();
    });
    fastify.log.info({ host: new URL(smtpUrl).host }, 'mail delivery through SMTP is on');
  },
  { name: 'mail-delivery' },
);
