import type { SentMessageInfo, Transporter } from 'nodemailer';

export type OutgoingMail = {
  from: string;
  replyTo?: string | undefined;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  html: string;
  /** Stable per message, so a receiver can tell a resend after a crash from a new email. */
  messageId: string;
  attachments: { filename: string; content: Buffer; contentType: string; cid?: string }[];
};

export type SendResult = { accepted: string[]; rejected: { address: string; error: string }[]; providerId: string | null };

/** Where mail goes. Without SMTP_URL there is none, and messages are kept as "not sent" for admins to read. */
export type MailTransport = { send: (mail: OutgoingMail) => Promise<SendResult>; close: () => void };

export type MailConfig = { smtpUrl: string | undefined; from: string };

/**
 * nodemailer over SMTP_URL (smtp://user:pass@host:587 with STARTTLS when offered, smtps:// for implicit TLS).
 * Timeouts are short: the worker retries with backoff, so a hanging server must not hold a job for minutes.
 */
export function createMailTransport(config: MailConfig): MailTransport | null {
  const smtpUrl = config.smtpUrl;
  if (!smtpUrl) return null;
  // nodemailer is loaded with the first email, not at start-up: a start (or a restart after a crash) answers
  // sooner, and the first email waits for it once.
  let created: Promise<Transporter> | null = null;
  const transporter = () =>
    (created ??= import('nodemailer').then((m) =>
      m.default.createTransport(smtpUrl, { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 } as never),
    ));
  return {
    send: async (mail) => {
      let info: SentMessageInfo;
      try {
        info = await (
          await transporter()
        ).sendMail({
          from: mail.from,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          to: mail.to,
          cc: mail.cc,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          attachments: mail.attachments,
          // Headers are built from these fields only: nodemailer encodes them, and subject and names are already one line.
          disableFileAccess: true,
          disableUrlAccess: true,
        });
      } catch (error) {
        // Every recipient refused for good (5xx): nothing to retry, the addresses are wrong. A 4xx is temporary
        // and is thrown, so the job retries later.
        const e = error as { code?: string; rejected?: string[]; response?: string; responseCode?: number };
        if (e.code === 'EENVELOPE' && e.rejected?.length && (e.responseCode ?? 550) >= 500) {
          return {
            accepted: [],
            rejected: e.rejected.map((address) => ({ address: address.toLowerCase(), error: (e.response ?? 'Refused by the mail server').slice(0, 500) })),
            providerId: null,
          };
        }
        throw error;
      }
      const rejectedErrors = (info as { rejectedErrors?: { recipient?: string; response?: string; message?: string }[] }).rejectedErrors ?? [];
      const accepted = (info.accepted as (string | { address: string })[]).map((a) => (typeof a === 'string' ? a : a.address).toLowerCase());
      const rejected = (info.rejected as (string | { address: string })[]).map((a) => {
        const address = (typeof a === 'string' ? a : a.address).toLowerCase();
        const why = rejectedErrors.find((e) => e.recipient?.toLowerCase() === address);
        return { address, error: (why?.response ?? why?.message ?? 'Refused by the mail server').slice(0, 500) };
      });
      return { accepted, rejected, providerId: info.messageId ?? null };
    },
    close: () => void created?.then((t) => t.close()),
  };
}
