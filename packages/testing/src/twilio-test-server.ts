/**
 * A fake Twilio on loopback for tests: the product's Twilio client talks HTTP to it (TWILIO_API_URL) and it answers
 * the endpoints the product calls as Twilio's REST API does (Basic auth with the Account SID and Auth Token,
 * form-encoded requests, JSON answers, Twilio's error shape and codes). Tests read the texts it received and make
 * it call back — delivery status callbacks and replies (STOP, START) — signed the way Twilio signs them.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeTwilioAccount = { accountSid: string; authToken: string; inboundUrl?: string };
export type FakeText = {
  sid: string;
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
};

export type FakeTwilio = {
  url: string;
  addAccount: (account: FakeTwilioAccount) => void;
  /** Texts accepted, oldest first. */
  received: FakeText[];
  /** Resolves once at least `count` texts arrived (rejects after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<FakeText[]>;
  /** Numbers Twilio refuses as not valid (its error 21211). */
  refuse: (number: string) => void;
  /** Twilio's status callback for a text, signed with its account's token; answers the product's HTTP status. */
  callback: (sid: string, status: string, errorCode?: string) => Promise<number>;
  /** A reply from `from` to the account's number, posted to the account's inbound URL, signed. */
  reply: (accountSid: string, from: string, to: string, body: string) => Promise<number>;
  close: () => Promise<void>;
};

/** Twilio's request signature: HMAC-SHA1 of the full URL followed by each POST parameter, name then value, sorted by name. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** How the fake reaches the product: real HTTP by default, or a test's own (e.g. Fastify's inject). */
export type Poster = (url: string, headers: Record<string, string>, body: string) => Promise<number>;

const fetchPoster: Poster = async (url, headers, body) => {
  const res = await fetch(url, { method: 'POST', headers, body });
  await res.arrayBuffer();
  return res.status;
};

export async function startFakeTwilio(options: { post?: Poster } = {}): Promise<FakeTwilio> {
  const poster = options.post ?? fetchPoster;
  const accounts = new Map<string, FakeTwilioAccount>();
  const received: FakeText[] = [];
  const refused = new Set<string>();
  const waiters: { count: number; resolve: () => void }[] = [];

  const send = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const post = (url: string, authToken: string, params: Record<string, string>) =>
    poster(
      url,
      { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(authToken, url, params) },
      new URLSearchParams(params).toString(),
    );

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':');
      const account = user ? accounts.get(user) : undefined;
      if (!account || account.authToken !== pass) return error(res, 401, 20003, 'Authenticate');
      const match = /^\/2010-04-01\/Accounts\/(AC\w+)(\/Messages)?\.json$/.exec(url.pathname);
      if (!match || match[1] !== account.accountSid) return error(res, 404, 20404, 'The requested resource was not found');
      if (req.method === 'GET' && !match[2]) return send(res, 200, { sid: account.accountSid, friendly_name: 'Test account', status: 'active' });
      if (req.method !== 'POST' || !match[2]) return error(res, 405, 20004, 'Method not allowed');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      if (!/^\+[1-9]\d{6,14}$/.test(to) || refused.has(to)) return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!form.get('From') && !form.get('MessagingServiceSid')) return error(res, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required.");
      const text: FakeText = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        accountSid: account.accountSid,
        to,
        from: form.get('From'),
        messagingServiceSid: form.get('MessagingServiceSid'),
        body: form.get('Body') ?? '',
        statusCallback: form.get('StatusCallback'),
      };
      received.push(text);
      for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
      send(res, 201, { sid: text.sid, account_sid: account.accountSid, to, from: text.from, body: text.body, status: 'queued', num_segments: '1' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    addAccount: (account) => accounts.set(account.accountSid, account),
    received,
    waitFor: (count, timeoutMs = 10_000) =>
      received.length >= count
        ? Promise.resolve(received)
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`expected ${count} texts, got ${received.length}`)), timeoutMs);
            waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(received)) });
          }),
    refuse: (number) => refused.add(number),
    callback: async (sid, status, errorCode) => {
      const text = received.find((t) => t.sid === sid);
      if (!text?.statusCallback) throw new Error(`no status callback for ${sid}`);
      const account = accounts.get(text.accountSid)!;
      const params: Record<string, string> = { AccountSid: account.accountSid, MessageSid: sid, MessageStatus: status, To: text.to, From: text.from ?? '' };
      if (errorCode) params.ErrorCode = errorCode;
      return post(text.statusCallback, account.authToken, params);
    },
    reply: async (accountSid, from, to, body) => {
      const account = accounts.get(accountSid);
      if (!account?.inboundUrl) throw new Error(`no inbound URL for ${accountSid}`);
      const params = { AccountSid: accountSid, MessageSid: `SM${randomBytes(16).toString('hex')}`, From: from, To: to, Body: body, NumMedia: '0' };
      return post(account.inboundUrl, account.authToken, params);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
