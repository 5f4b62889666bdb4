/**
 * A real SMTP server on loopback for tests: the product's nodemailer talks SMTP to it over TCP, and what arrives
 * is parsed with mailparser, so a test reads exactly what a mail server would receive. It can refuse addresses
 * (any containing "refuse"), refuse every transaction while "down", and count what it accepted.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = ParsedMail & { envelope: { from: string; to: string[] }; raw: string };

export type TestSmtpServer = {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Resolves once at least `count` emails arrived (rejects after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  /** While down, every transaction is refused with a temporary error (421), as a server restarting does. */
  setDown: (down: boolean) => void;
  close: () => Promise<void>;
};

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let down = false;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 30 * 1024 * 1024,
    onConnect: (_session, callback) =>
      down ? callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 })) : callback(),
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onRcptTo: (address, _session, callback) =>
      address.address.includes('refuse')
        ? callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }))
        : callback(),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) => {
            const envelope = {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            };
            received.push(Object.assign(mail, { envelope, raw: raw.toString('utf8') }));
            for (const w of waiters.filter((x) => received.length >= x.count)) w.resolve();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // smtp-server reports a client's broken connection as an 'error' on the server. Tests kill server processes in
  // the middle of a conversation on purpose (SIGKILL, crash safety), so a reset or broken pipe from a client is
  // expected; without a listener it would surface as an unhandled error of whichever test runs then.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error('test SMTP server:', error);
  });
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://test:test@127.0.0.1:${port}`,
    port,
    received,
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        if (received.length >= count) return resolve(received);
        const timer = setTimeout(() => reject(new Error(`expected ${count} emails, got ${received.length} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(received)) });
      }),
    setDown: (value) => {
      down = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
