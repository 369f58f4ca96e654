// E-mail over SMTP with nodemailer, when SMTP_URL is set (smtp://user:pass@host:port, smtps://…).
// The sender is the message's own (the distributor's e-mail sender setting), else the URL's ?from=
// parameter, else no-reply@<PUBLIC_URL host>.
import type { Transporter } from 'nodemailer';

const transports = new Map<string, { transport: Transporter; from: string }>();

async function transportFor(smtpUrl: string, publicUrl: string) {
  const { default: nodemailer } = await import('nodemailer'); // loaded on the first e-mail, not at start-up
  let entry = transports.get(smtpUrl);
  if (!entry) {
    const url = new URL(smtpUrl);
    const from = url.searchParams.get('from') ?? `no-reply@${new URL(publicUrl).hostname}`;
    url.searchParams.delete('from');
    entry = { transport: nodemailer.createTransport(url.toString()), from };
    transports.set(smtpUrl, entry);
  }
  return entry;
}

export async function sendEmail(opts: {
  smtpUrl: string;
  publicUrl: string;
  to: string;
  subject: string;
  text: string;
  /** A From header of the message's own; absent: the transport's default. */
  from?: string;
}): Promise<void> {
  const { transport, from } = await transportFor(opts.smtpUrl, opts.publicUrl);
  await transport.sendMail({ from: opts.from ?? from, to: opts.to, subject: opts.subject, text: opts.text });
}
