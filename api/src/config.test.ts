import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  ConfigError,
  DEFAULT_CORS_ORIGINS,
  loadConfig,
  persistentDevSecret,
  REPO_ROOT,
} from './config.ts';

const SECRET = 'x'.repeat(32);

Deno.test('with nothing set, the config uses port 8000, PGlite under the repo .data and local origins', () => {
  const config = loadConfig({});
  assert.equal(config.port, 8000);
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.nodeEnv, 'development');
  assert.equal(config.databaseUrl, null);
  assert.equal(config.dataDir, join(REPO_ROOT, '.data'));
  assert.equal(config.pgliteDir, join(REPO_ROOT, '.data', 'pglite'));
  assert.equal(config.bodyLimitBytes, 100 * 1024);
  assert.equal(config.databasePoolMax, 10);
  assert.deepEqual(config.corsOrigins, DEFAULT_CORS_ORIGINS);
  assert.ok(config.corsOrigins.includes('http://localhost:3000'));
  assert.ok(config.corsOrigins.includes('http://127.0.0.1:3004'));
  assert.equal(config.jwtSecretSource, 'generated');
  assert.ok(config.jwtSecret.length >= 32);
  assert.equal(config.seedDemo, true);
  assert.equal(config.logRequests, true);
  assert.equal(config.resendApiKey, null);
});

Deno.test('a bad API_PORT is rejected with a message naming it', () => {
  assert.throws(() => loadConfig({ API_PORT: 'eighty' }), {
    name: 'ConfigError',
    message: 'API_PORT must be a whole number',
  });
  assert.throws(() => loadConfig({ API_PORT: '70000' }), {
    message: 'API_PORT must be between 1 and 65535',
  });
  assert.equal(loadConfig({ API_PORT: ' 8123 ' }).port, 8123);
});

Deno.test('production without JWT_SECRET is rejected, and a short one too', () => {
  assert.throws(
    () => loadConfig({ NODE_ENV: 'production' }),
    (error) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /JWT_SECRET is required when NODE_ENV=production/);
      return true;
    },
  );
  assert.throws(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' }), {
    message: 'JWT_SECRET must be at least 32 characters',
  });
  const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET });
  assert.equal(config.jwtSecret, SECRET);
  assert.equal(config.jwtSecretSource, 'env');
  assert.equal(config.isProduction, true);
  assert.equal(config.seedDemo, false);
});

Deno.test('several bad values are reported together', () => {
  assert.throws(() => loadConfig({ API_PORT: '0', NODE_ENV: 'staging' }), {
    message:
      'NODE_ENV must be development, test or production; API_PORT must be between 1 and 65535',
  });
});

Deno.test('empty variables count as unset', () => {
  const config = loadConfig({ DATABASE_URL: '', API_PORT: '', JWT_SECRET: ' ', CORS_ORIGINS: '' });
  assert.equal(config.databaseUrl, null);
  assert.equal(config.port, 8000);
  assert.equal(config.jwtSecretSource, 'generated');
  assert.deepEqual(config.corsOrigins, DEFAULT_CORS_ORIGINS);
});

Deno.test('DATABASE_URL selects a PostgreSQL server and turns demo seeding off by default', () => {
  const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/cinema' });
  assert.equal(config.databaseUrl, 'postgres://u:p@db:5432/cinema');
  assert.equal(config.seedDemo, false);
  assert.equal(loadConfig({ DATABASE_URL: 'postgres://db/x', SEED_DEMO: 'yes' }).seedDemo, true);
  assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://db/x' }), {
    message: 'DATABASE_URL must start with postgres:// or postgresql://',
  });
  assert.throws(() => loadConfig({ SEED_DEMO: 'maybe' }), {
    message: 'SEED_DEMO must be true or false',
  });
});

Deno.test('DATABASE_READ_URL names a replica of the DATABASE_URL server, and is off by default', () => {
  assert.equal(loadConfig({}).databaseReadUrl, null);
  assert.equal(
    loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_READ_URL: ' ' }).databaseReadUrl,
    null,
  );
  const config = loadConfig({
    DATABASE_URL: 'postgres://u:p@primary:5432/cinema',
    DATABASE_READ_URL: 'postgresql://u:p@replica:5432/cinema',
  });
  assert.equal(config.databaseUrl, 'postgres://u:p@primary:5432/cinema');
  assert.equal(config.databaseReadUrl, 'postgresql://u:p@replica:5432/cinema');
  assert.throws(
    () => loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_READ_URL: 'http://replica/x' }),
    { message: 'DATABASE_READ_URL must start with postgres:// or postgresql://' },
  );
  // The embedded PGlite has no replica.
  assert.throws(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/x' }), {
    message: 'DATABASE_READ_URL needs DATABASE_URL (the primary it replicates)',
  });
});

Deno.test('CORS_ORIGINS is a comma-separated list of origins; a path or a bare host is rejected', () => {
  const config = loadConfig({ CORS_ORIGINS: 'https://app.example.com/, http://localhost:5173' });
  assert.deepEqual(config.corsOrigins, ['https://app.example.com', 'http://localhost:5173']);
  assert.throws(() => loadConfig({ CORS_ORIGINS: 'https://app.example.com/login' }), {
    message:
      'CORS_ORIGINS entry "https://app.example.com/login" is not an origin like https://app.example.com',
  });
  assert.throws(() => loadConfig({ CORS_ORIGINS: 'app.example.com' }), ConfigError);
});

Deno.test('mail and admin settings must come in complete pairs', () => {
  assert.throws(() => loadConfig({ RESEND_API_KEY: 're_123' }), {
    message: 'EMAIL_FROM is required when RESEND_API_KEY is set',
  });
  assert.throws(() => loadConfig({ ADMIN_EMAIL: 'admin@example.com' }), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
  });
  assert.throws(() => loadConfig({ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'secret1' }), {
    message: 'ADMIN_EMAIL must be an email address',
  });
  const config = loadConfig({
    RESEND_API_KEY: 're_123',
    EMAIL_FROM: 'Cinema <tickets@example.com>',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'secret1',
  });
  assert.equal(config.emailFrom, 'Cinema <tickets@example.com>');
  assert.equal(config.adminEmail, 'admin@example.com');
});

Deno.test('a relative DATA_DIR resolves against the repository root, not the working directory', () => {
  assert.equal(loadConfig({ DATA_DIR: 'tmp/data' }).dataDir, join(REPO_ROOT, 'tmp', 'data'));
  assert.equal(loadConfig({ DATA_DIR: '/var/lib/cinema' }).pgliteDir, '/var/lib/cinema/pglite');
});

Deno.test('the development JWT secret is created once in the data dir and then reused', async () => {
  const dir = await Deno.makeTempDir();
  try {
    const first = persistentDevSecret(join(dir, 'data'));
    assert.ok(first.length >= 32);
    assert.equal(persistentDevSecret(join(dir, 'data')), first);
    const file = join(dir, 'data', 'jwt-secret');
    assert.equal(readFileSync(file, 'utf8').trim(), first);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const config = loadConfig(
      { DATA_DIR: join(dir, 'data') },
      { devJwtSecret: persistentDevSecret },
    );
    assert.equal(config.jwtSecret, first);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test('TRUST_PROXY is off by default and takes true, false or a number of proxies', () => {
  assert.equal(loadConfig({}).trustProxyHops, 0);
  assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxyHops, 1);
  assert.equal(loadConfig({ TRUST_PROXY: 'off' }).trustProxyHops, 0);
  assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxyHops, 2);
  assert.throws(() => loadConfig({ TRUST_PROXY: 'maybe' }), {
    message: 'TRUST_PROXY must be true, false or a number of proxies from 0 to 10',
  });
});

Deno.test('token lifetimes default to 15 minutes and 14 days and can be changed', () => {
  const defaults = loadConfig({});
  assert.equal(defaults.accessTokenTtlSeconds, 15 * 60);
  assert.equal(defaults.refreshTokenTtlSeconds, 14 * 24 * 60 * 60);
  const custom = loadConfig({ ACCESS_TOKEN_TTL_MINUTES: '5', REFRESH_TOKEN_TTL_DAYS: '30' });
  assert.equal(custom.accessTokenTtlSeconds, 5 * 60);
  assert.equal(custom.refreshTokenTtlSeconds, 30 * 24 * 60 * 60);
  assert.throws(() => loadConfig({ ACCESS_TOKEN_TTL_MINUTES: '0' }), {
    message: 'ACCESS_TOKEN_TTL_MINUTES must be between 1 and 1440',
  });
});

Deno.test('MAX_SEATS_PER_SHOW defaults to 10 and takes a whole number from 1 to 1000', () => {
  assert.equal(loadConfig({}).maxSeatsPerShow, 10);
  assert.equal(loadConfig({ MAX_SEATS_PER_SHOW: ' 4 ' }).maxSeatsPerShow, 4);
  for (const bad of ['0', '1001', '2.5', 'ten']) {
    assert.throws(() => loadConfig({ MAX_SEATS_PER_SHOW: bad }), /MAX_SEATS_PER_SHOW must be/, bad);
  }
});

Deno.test('RESEND_BASE_URL is read here and handed to the Resend SDK', () => {
  assert.equal(loadConfig({}).resendBaseUrl, null);
  assert.equal(
    loadConfig({ RESEND_BASE_URL: 'http://127.0.0.1:4010/' }).resendBaseUrl,
    'http://127.0.0.1:4010',
  );
  assert.throws(() => loadConfig({ RESEND_BASE_URL: 'not a url' }), {
    message: 'RESEND_BASE_URL must be a URL',
  });
});

Deno.test('APP_TIMEZONE defaults to Asia/Kolkata and takes only IANA zone names', () => {
  assert.equal(loadConfig({}).appTimezone, 'Asia/Kolkata');
  assert.equal(loadConfig({ APP_TIMEZONE: ' Europe/Berlin ' }).appTimezone, 'Europe/Berlin');
  assert.equal(loadConfig({ APP_TIMEZONE: 'UTC' }).appTimezone, 'UTC');
  for (const bad of ['Mars/Olympus', '+05:30', 'EST5EDT', 'asia kolkata']) {
    assert.throws(
      () => loadConfig({ APP_TIMEZONE: bad }),
      {
        message: 'APP_TIMEZONE must be an IANA time zone such as Asia/Kolkata',
      },
      bad,
    );
  }
});

Deno.test('target_session_attrs=read-write is refused (it accepts a hot standby); primary and multi-host URLs are fine', () => {
  for (const env of [
    { DATABASE_URL: 'postgres://u@h1:5432,h2:5432/db?target_session_attrs=read-write' },
    { DATABASE_URL: 'postgres://u@h1/db?sslmode=disable&target_session_attrs=read-write' },
    { DATABASE_URL: 'postgres://u@h1/db', PGTARGETSESSIONATTRS: 'read-write' },
  ]) {
    assert.throws(() => loadConfig(env), /target_session_attrs=primary/);
  }
  const url = 'postgres://u@127.0.0.1:8310,127.0.0.1:8311/postgres?target_session_attrs=primary';
  assert.equal(loadConfig({ DATABASE_URL: url }).databaseUrl, url);
});

Deno.test('API_INSTANCE_ID is repeated by the health check; DATABASE_WAIT_SECONDS defaults to 30', () => {
  const none = loadConfig({});
  assert.equal(none.instanceId, null);
  assert.equal(none.databaseWaitSeconds, 30);
  const set = loadConfig({ API_INSTANCE_ID: 'start-4242-1', DATABASE_WAIT_SECONDS: '5' });
  assert.equal(set.instanceId, 'start-4242-1');
  assert.equal(set.databaseWaitSeconds, 5);
  assert.throws(() => loadConfig({ API_INSTANCE_ID: 'two words' }), /API_INSTANCE_ID/);
  assert.throws(() => loadConfig({ DATABASE_WAIT_SECONDS: '-1' }), /DATABASE_WAIT_SECONDS/);
});

Deno.test('metrics: no server unless METRICS_PORT is set; loopback unless METRICS_HOST says otherwise', () => {
  assert.deepEqual(loadConfig({}).metrics, { port: null, host: '127.0.0.1' });
  assert.deepEqual(loadConfig({ METRICS_PORT: '', METRICS_HOST: ' ' }).metrics, {
    port: null,
    host: '127.0.0.1',
  });
  assert.deepEqual(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics, {
    port: 9464,
    host: '0.0.0.0',
  });
  assert.throws(() => loadConfig({ METRICS_PORT: 'http' }), {
    name: 'ConfigError',
    message: /METRICS_PORT must be a whole number/,
  });
  assert.throws(
    () => loadConfig({ METRICS_PORT: '70000' }),
    /METRICS_PORT must be between 1 and 65535/,
  );
});

Deno.test('LOG_FORMAT is text unless set to json; anything else is refused', () => {
  assert.equal(loadConfig({}).logFormat, 'text');
  assert.equal(loadConfig({ LOG_FORMAT: '' }).logFormat, 'text');
  assert.equal(loadConfig({ LOG_FORMAT: 'text' }).logFormat, 'text');
  assert.equal(loadConfig({ LOG_FORMAT: ' JSON ' }).logFormat, 'json');
  assert.throws(() => loadConfig({ LOG_FORMAT: 'logfmt' }), {
    name: 'ConfigError',
    message: 'LOG_FORMAT must be text or json',
  });
});

Deno.test('SITE_URL is where preview links point: the shell’s origin unless set', () => {
  assert.equal(loadConfig({}).siteUrl, 'http://localhost:3000');
  assert.equal(
    loadConfig({ CORS_ORIGINS: 'https://tickets.example.com,https://admin.example.com' }).siteUrl,
    'https://tickets.example.com',
  );
  assert.equal(
    loadConfig({ SITE_URL: 'https://tickets.example.com/' }).siteUrl,
    'https://tickets.example.com',
  );
  for (const bad of ['tickets.example.com', 'ftp://tickets.example.com']) {
    assert.throws(
      () => loadConfig({ SITE_URL: bad }),
      (error: Error) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /^SITE_URL must be the site's http\(s\) address/);
        return true;
      },
    );
  }
});
