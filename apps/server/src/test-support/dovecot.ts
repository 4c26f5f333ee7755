import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { DOVECOT_PATH, ensureDovecot } from '../../../../scripts/ensure-dovecot.ts';

/**
 * A real IMAP server for the mailbox tests: Debian's Dovecot with its own configuration
 * in a temporary folder, on a free loopback port, plain passwords from a passwd-file,
 * Maildir under the same folder. Run as root (CI), its processes take the package's
 * `dovecot`/`dovenull` users, which refuse root; otherwise they run as the caller.
 */
export interface Dovecot {
  host: string;
  port: number;
  /** Puts a raw message into a folder of the user by IMAP APPEND; answers its UID. */
  append(user: string, folder: string, raw: string, internalDate?: Date): Promise<number>;
  /**
   * Puts many messages in by APPEND over a few connections at once (each lane in its order,
   * so UIDs interleave); answers each message's UID, in the order given.
   */
  appendAll(
    user: string,
    messages: readonly Appended[],
    options?: { connections?: number },
  ): Promise<number[]>;
  /** The raw messages of a folder, in UID order. */
  messages(user: string, folder: string): Promise<Buffer[]>;
  /** Deletes and creates the folder again: it gets a new UIDVALIDITY. */
  recreate(user: string, folder: string): Promise<void>;
  /**
   * The server's log so far: a `Login:` line per session, and at each session's end (logout or
   * dropped connection) its counts, `body_count=` the messages it fetched in full.
   */
  log(): Promise<string>;
  close(): Promise<void>;
}

export interface Appended {
  folder: string;
  raw: string;
  internalDate?: Date;
  flags?: string[];
}

export interface DovecotUser {
  user: string;
  password: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function idOf(name: string): Promise<{ uid: number; gid: number } | null> {
  const passwd = await readFile('/etc/passwd', 'utf8');
  const line = passwd.split('\n').find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface DovecotOptions {
  /**
   * The CAPABILITY answer after login (Dovecot's `imap_capability`), replacing the default
   * one: a server without IDLE lists everything else.
   */
  capability?: string;
  /**
   * Also accept XOAUTH2 logins (the mechanism Gmail and Microsoft 365 offer OAuth clients),
   * their bearer tokens checked by POSTing `token=<token>` to this introspection endpoint,
   * whose JSON answer names the user in `email` (Dovecot 2.3's oauth2 passdb). Passwords
   * still work for PLAIN and LOGIN.
   */
  oauth2IntrospectionUrl?: string;
}

/** Dovecot 2.3's oauth2 passdb beside the passwd-file one: each answers its own mechanisms. */
function passdbs(root: string, options: DovecotOptions): string {
  const passwords = `passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${root}/passwd${options.oauth2IntrospectionUrl ? '\n  mechanisms = plain login' : ''}
}`;
  if (!options.oauth2IntrospectionUrl) return passwords;
  return `${passwords}
passdb {
  driver = oauth2
  mechanisms = xoauth2
  args = ${root}/dovecot-oauth2.conf.ext
}`;
}

export async function startDovecot(users: DovecotUser[], options: DovecotOptions = {}): Promise<Dovecot> {
  ensureDovecot();
  const root = await mkdtemp(path.join(tmpdir(), 'kontora-dovecot-'));
  // Dovecot's auth process (its own user) reads the passwd-file in here.
  await chmod(root, 0o755);
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const me = userInfo().username;
  const internal = asRoot ? 'dovecot' : me;
  const login = asRoot ? 'dovenull' : me;
  const mailUser = asRoot ? await idOf('dovecot') : { uid: userInfo().uid, gid: userInfo().gid };
  if (!mailUser) throw new Error('dovecot: the dovecot user is missing');
  for (const dir of ['run', 'state', 'mail']) await mkdir(path.join(root, dir));
  await writeFile(
    path.join(root, 'passwd'),
    users
      .map((u) => `${u.user}:{PLAIN}${u.password}:${mailUser.uid}:${mailUser.gid}::${root}/mail/${u.user}\n`)
      .join(''),
  );
  await writeFile(
    path.join(root, 'dovecot.conf'),
    `base_dir = ${root}/run
state_dir = ${root}/state
log_path = ${root}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${options.oauth2IntrospectionUrl ? ' xoauth2' : ''}
default_internal_user = ${internal}
default_internal_group = ${internal}
default_login_user = ${login}
first_valid_uid = ${mailUser.uid}
mail_location = maildir:${root}/mail/%u
${passdbs(root, options)}
userdb {
  driver = passwd-file
  args = username_format=%u ${root}/passwd
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
${options.capability ? `protocol imap {\n  imap_capability = ${options.capability}\n}\n` : ''}service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`,
  );
  if (options.oauth2IntrospectionUrl) {
    await writeFile(
      path.join(root, 'dovecot-oauth2.conf.ext'),
      `introspection_url = ${options.oauth2IntrospectionUrl}
introspection_mode = post
username_attribute = email
username_format = %Lu
`,
    );
  }
  if (asRoot) await chown(path.join(root, 'mail'), mailUser.uid, mailUser.gid);

  const child: ChildProcess = spawn(DOVECOT_PATH, ['-F', '-c', path.join(root, 'dovecot.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForGreeting(port, () => (child.exitCode === null ? null : stderr));

  const session = async <T>(user: string, work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const account = users.find((u) => u.user === user);
    if (!account) throw new Error(`dovecot: no user ${user}`);
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: account.user, pass: account.password },
      logger: false,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => undefined);
    }
  };

  return {
    host: '127.0.0.1',
    port,
    append: (user, folder, raw, internalDate) =>
      session(user, async (client) => {
        const answer = await client.append(folder, raw, [], internalDate);
        return answer ? Number(answer.uid) : 0;
      }),
    async appendAll(user, messages, { connections = 4 } = {}) {
      const uids: number[] = [];
      await Promise.all(
        Array.from({ length: connections }, (_, lane) =>
          session(user, async (client) => {
            for (let i = lane; i < messages.length; i += connections) {
              const m = messages[i];
              if (!m) continue;
              const answer = await client.append(m.folder, m.raw, m.flags ?? [], m.internalDate);
              uids[i] = answer ? Number(answer.uid) : 0;
            }
          }),
        ),
      );
      return uids;
    },
    messages: (user, folder) =>
      session(user, async (client) => {
        const lock = await client.getMailboxLock(folder, { readOnly: true });
        try {
          const found: Buffer[] = [];
          if (!client.mailbox || client.mailbox.exists === 0) return found;
          for await (const msg of client.fetch('1:*', { source: true }))
            if (msg.source) found.push(msg.source);
          return found;
        } finally {
          lock.release();
        }
      }),
    recreate: (user, folder) =>
      session(user, async (client) => {
        await client.mailboxDelete(folder);
        await client.mailboxCreate(folder);
      }),
    log: () => readFile(path.join(root, 'dovecot.log'), 'utf8').catch(() => ''),
    async close() {
      child.kill('SIGTERM');
      await exited;
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Waits until the server greets on its port; fails at once when the process ended. */
async function waitForGreeting(port: number, failure: () => string | null): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const ended = failure();
    if (ended !== null) throw new Error(`dovecot did not start: ${ended}`);
    const greeted = await new Promise<boolean>((resolve) => {
      import('node:net').then(({ connect }) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('data', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
    });
    if (greeted) return;
    if (Date.now() > deadline) throw new Error('dovecot did not greet within 15 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}
