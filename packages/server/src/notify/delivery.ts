import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { unavailable } from '../platform/errors.js';
import type { Clock } from '../lib/clock.js';

export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: Channel;
  /** An email address, or a phone number as +<area><digits>. */
  to: string;
  subject: string;
  body: string;
}

export interface MailboxEntry {
  id: number;
  channel: Channel;
  to: string;
  subject: string;
  body: string;
  created_at: number;
}

/**
 * Sends codes through SMTP (SMTP_URL) and an HTTP SMS gateway (SMS_GATEWAY_URL). In demo mode a
 * message of a channel that has no real transport is kept in the dev mailbox instead. With
 * neither, sending fails loudly.
 */
export class Delivery {
  private readonly mailer: Transporter | undefined;

  constructor(
    private readonly config: Config,
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {
    this.mailer = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  }

  async send(message: OutgoingMessage): Promise<void> {
    const real = message.channel === 'email' ? this.mailer : this.config.smsGatewayUrl;
    if (!real && !this.config.demo) {
      throw unavailable('error.delivery_unconfigured', { channel: `channel.${message.channel}` });
    }
    if (message.channel === 'email' && this.mailer) await this.sendEmail(this.mailer, message);
    if (message.channel === 'sms' && this.config.smsGatewayUrl) {
      await this.sendSms(this.config.smsGatewayUrl, message);
    }
    // The dev mailbox stands in for a channel that is not really sent; a delivered code is never also shown.
    if (this.config.demo && !real) await this.keep(message);
  }

  private async sendEmail(mailer: Transporter, message: OutgoingMessage): Promise<void> {
    try {
      await mailer.sendMail({
        from: this.config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.body,
      });
    } catch {
      throw unavailable('error.delivery_failed', { channel: 'channel.email' });
    }
  }

  /** The gateway gets `POST {to, text}` as JSON and must answer 2xx. */
  private async sendSms(gatewayUrl: string, message: OutgoingMessage): Promise<void> {
    try {
      const response = await fetch(gatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, text: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`gateway answered ${response.status}`);
    } catch {
      throw unavailable('error.delivery_failed', { channel: 'channel.sms' });
    }
  }

  private async keep(message: OutgoingMessage): Promise<void> {
    await this.db
      .insertInto('dev_mailbox')
      .values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        created_at: this.clock.now(),
      })
      .execute();
  }

  /** The dev mailbox, newest first; `to` is an email or a phone number's digits. */
  async mailbox(to: string | undefined, limit = 50): Promise<MailboxEntry[]> {
    let query = this.db.selectFrom('dev_mailbox').selectAll();
    const wanted = to?.trim().toLowerCase();
    if (wanted) {
      const digits = wanted.replace(/[^\d]/g, '');
      query = /^\+?[\d\s-]+$/.test(wanted)
        ? query.where('recipient', 'like', `%${digits}`)
        : query.where('recipient', '=', wanted);
    }
    const rows = await query.orderBy('id', 'desc').limit(limit).execute();
    return rows.map(({ recipient, ...row }) => ({ ...row, to: recipient }));
  }

  async close(): Promise<void> {
    this.mailer?.close();
  }
}
