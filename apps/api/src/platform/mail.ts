import { createTransport } from 'nodemailer';
import type { MailConfig } from '../config';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * E-mail through the configured SMTP server (SMTP_URL, MAIL_FROM). Its waits are bounded, so a request that sends
 * mail answers within about half a minute even when the server is silent (nodemailer waits up to 10 minutes).
 */
export function smtpMailer({ smtpUrl, from }: MailConfig): Mailer {
  const transport = createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from },
  );
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
  };
}
