import type { AdminRole, AdminUser } from '@medipay/shared/admin';
import { systemClock, type Clock } from '../src/lib/clock';
import { createAdminAccounts } from '../src/modules/admin-auth/admin-accounts.service';
import type { AdminUserRow } from '../src/modules/admin-auth/admin-users.repository';
import type { TestApp } from './test-app';

let counter = 0;
const nextId = () => `${Date.now().toString(36)}${(counter += 1)}`;

/** A distinct client address per login, so that tests of the IP throttle do not meet. */
let ipCounter = 0;
export function nextTestIp(): string {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export const testAdminPassword = 'senha-de-teste-forte-123';

/** The `Origin` a browser on the portal sends. */
export const sameOrigin = (t: TestApp) => new URL(t.env.PUBLIC_URL).origin;

/** Creates an account directly through the accounts service (as the CLI does). */
export async function createTestAdmin(
  t: TestApp,
  options: {
    role?: AdminRole;
    email?: string;
    username?: string;
    name?: string;
    password?: string;
    clock?: Clock;
  } = {},
): Promise<{ row: AdminUserRow; password: string }> {
  const id = nextId();
  const password = options.password ?? testAdminPassword;
  const accounts = createAdminAccounts({ db: t.database.db, clock: options.clock ?? systemClock });
  const row = await accounts.create(
    {
      role: options.role ?? 'admin_master',
      email: options.email ?? `admin.${id}@medipay.test`,
      username: options.username ?? `admin.${id}`,
      name: options.name ?? 'Admin de Teste',
      password,
    },
    { id: null, email: 'testes' },
  );
  return { row, password };
}

/** Logs in through the API; the cookie header and the headers of a same-origin request. */
export async function loginTestAdmin(
  t: TestApp,
  credential: string,
  password: string,
  remoteAddress = nextTestIp(),
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: sameOrigin(t) },
    payload: { credential, password },
    remoteAddress,
  });
  if (response.statusCode !== 200)
    throw new Error(`admin login failed: ${response.statusCode} ${response.body}`);
  const setCookie = response.cookies[0];
  if (!setCookie) throw new Error('no admin session cookie');
  const cookie = `${setCookie.name}=${setCookie.value}`;
  return {
    cookie,
    setCookie,
    headers: { cookie, origin: sameOrigin(t) },
    user: (response.json() as { user: AdminUser }).user,
  };
}

/** An admin of a role, created in the database and logged in through the API. */
export async function adminSession(
  t: TestApp,
  role: AdminRole = 'admin_master',
  options: Parameters<typeof createTestAdmin>[1] = {},
) {
  const { row, password } = await createTestAdmin(t, { ...options, role });
  const session = await loginTestAdmin(t, row.email, password);
  return { ...session, password, row };
}
