/**
 * POST /backoffice/api/Mail/PreviewTemplate (issue 28): an unsaved template rendered from a real order, as its
 * recipient would get it, so staff see the result before the shop sends it. Writes nothing.
 */
import type { MailTemplateKind, PreviewMailTemplateResponse } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { findOrderForMailPreview, renderOrderMailPreview } from '../order/order-mail.service.ts';
import { recoveryLink, renderRecoveryMail } from '../user/password-recovery.ts';
import { assertAreaLanguage, assertValidMailTemplate } from './mail-templates.service.ts';

/** Stands in for the one-time token: a preview must not carry a link that works. */
const PREVIEW_TOKEN = 'preview-only-not-a-valid-token';

export async function previewMailTemplate(
  ctx: RequestContext,
  input: {
    kind: MailTemplateKind;
    areaId: string;
    languageCode: string;
    subject: string;
    body: string;
    orderNumber?: string | undefined;
  },
  options: { storefrontUrl: string },
): Promise<PreviewMailTemplateResponse> {
  await assertAreaLanguage(ctx, input);
  const template = { subject: input.subject, body: input.body };
  assertValidMailTemplate(input.kind, template);
  const preview = await findOrderForMailPreview(ctx, { areaId: input.areaId, orderNumber: input.orderNumber });
  const mail =
    input.kind === 'password-recovery'
      ? await renderRecoveryMail(ctx, {
          areaId: input.areaId,
          template,
          name: preview.placer.name,
          link: recoveryLink(
            new URL('/user/recover-password', options.storefrontUrl).toString(),
            preview.placer.username,
            PREVIEW_TOKEN,
          ),
        })
      : renderOrderMailPreview(preview, { kind: input.kind, template });
  return { orderNumber: preview.order.orderNumber, toAddress: preview.placer.email, ...mail };
}
