import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Small text attachments (an .ics invitation); the job queue carries them as JSON. */
  attachments?: { filename: string; content: string; contentType: string }[];
  /** Extra headers (the newsletter's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerLogger {
  info(obj: unknown, msg?: string): void;
}

// With SMTP settings, mails go out through SMTP. Without, each mail is written to DATA_DIR/mail as an
// .eml file and its links are logged, so a fresh install with no mail server can still
// invite users and reset passwords. Request logs never carry them (query strings are dropped).
export function createMailer(config: Config, log: MailerLogger): Mailer {
  if (config.smtp) {
    const transport = nodemailer.createTransport({
      host: config.smtp.host,
      port: config.smtp.port,
      secure: config.smtp.secure,
      auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.password } : undefined,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  const dir = path.join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(dir, `${stamp}-${safeTo}.eml`);
      fs.writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      // Password recovery needs the link in the log when no SMTP is configured: it is the operator's only way
      // to hand an invitation or a reset link over. The links are single-use and short-lived.
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.to, file, links }, `Mail écrit dans ${file}`);
    },
  };
}
