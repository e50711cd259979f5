/**
 * Real staff for the access-control tests: one account per seeded role (priorities 1, 2, 3, 4, 5
 * and 7) created through auth's own API by the admin, in one branch → leader → salesperson tree,
 * each logged in for a real token. Not a test file (no `.test.`): shared by the matrix and token
 * tests, which start their own stack.
 */
import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { TOKEN_ISSUER } from '@cskh/kit/server';

export interface Caller {
  /** p1, p2, …, or a name of the test's own (no-perm, HNIMB…) */
  name: string;
  id: string;
  username: string;
  password: string;
  priority: number;
  /** The codes the login answered with: what the token carries. */
  permissions: string[];
  token: string;
}

export interface Api {
  (method: string, path: string, opts?: { token?: string; body?: unknown }): Promise<{ status: number; body: any }>;
}

export function apiOf(base: string): Api {
  return async (method, path, opts = {}) => {
    const res = await fetch(base + path, {
      method: method.toUpperCase(),
      headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: kept as text */
    }
    return { status: res.status, body };
  };
}

export const PASSWORD = 'Matkhau@123';
const suffix = () => randomBytes(3).toString('hex');

export interface Role {
  id: string;
  name: string;
  priority: number;
  permissions: string[];
}

export class Staff {
  roles: Role[] = [];
  /** Permission code → id (auth's catalogue as its API lists it). */
  permissionIds = new Map<string, string>();
  constructor(
    readonly api: Api,
    readonly adminToken: string,
  ) {}

  /** The seeded administrator as a caller (the login open() made). */
  adminCaller!: Caller;

  static async open(api: Api, adminPassword: string): Promise<Staff> {
    const r = await api('POST', '/api/v1/auth/login', { body: { username: 'admin', password: adminPassword } });
    if (r.status !== 200) throw new Error(`admin login: ${r.status} ${JSON.stringify(r.body)}`);
    const staff = new Staff(api, r.body.data.access_token);
    const d = r.body.data;
    staff.adminCaller = {
      name: 'admin',
      id: d.user.id,
      username: 'admin',
      password: '',
      priority: 1,
      permissions: d.permissions,
      token: d.access_token,
    };
    await staff.reload();
    return staff;
  }

  async reload() {
    const roles = await this.api('GET', '/api/v1/role?page=1&count=100', { token: this.adminToken });
    this.roles = roles.body.data.values;
    const perms = await this.api('GET', '/api/v1/permission?page=1&count=1000', { token: this.adminToken });
    for (const p of perms.body.data.values as Array<{ id: string; code: string }>) this.permissionIds.set(p.code, p.id);
  }

  seededRole(priority: number): Role {
    const role = this.roles.find((r) => r.priority === priority);
    if (!role) throw new Error(`no seeded role of priority ${priority}`);
    return role;
  }

  /** A role of the test's own: a priority and a list of codes. */
  async createRole(name: string, priority: number, codes: string[]): Promise<Role> {
    const permissions = codes.map((c) => {
      const id = this.permissionIds.get(c);
      if (!id) throw new Error(`unknown permission ${c}`);
      return id;
    });
    const r = await this.api('POST', '/api/v1/role', {
      token: this.adminToken,
      body: { name: `${name} ${suffix()}`, priority, permissions },
    });
    if (r.status !== 201) throw new Error(`create role ${name}: ${r.status} ${JSON.stringify(r.body)}`);
    await this.reload();
    return r.body.data;
  }

  async createUser(opts: { username: string; role: Role; brand?: string; group?: string }): Promise<{ id: string; username: string }> {
    const r = await this.api('POST', '/api/v1/users', {
      token: this.adminToken,
      body: {
        fullname: `Kiểm thử ${opts.username}`,
        username: opts.username,
        password: PASSWORD,
        email: `${opts.username.toLowerCase()}@cskh.vn`,
        phone: '0912000111',
        role: opts.role.id,
        brand: opts.brand ?? '',
        group: opts.group ?? '',
      },
    });
    if (r.status !== 201) throw new Error(`create user ${opts.username}: ${r.status} ${JSON.stringify(r.body)}`);
    return { id: r.body.data.id, username: opts.username };
  }

  async login(name: string, user: { id: string; username: string }, priority: number): Promise<Caller> {
    const r = await this.api('POST', '/api/v1/auth/login', { body: { username: user.username, password: PASSWORD } });
    if (r.status !== 200) throw new Error(`login ${user.username}: ${r.status} ${JSON.stringify(r.body)}`);
    return {
      name,
      id: user.id,
      username: user.username,
      password: PASSWORD,
      priority: r.body.data.role.priority ?? priority,
      permissions: r.body.data.permissions,
      token: r.body.data.access_token,
    };
  }

  /**
   * One account per seeded role in one tree: branch (3) ← leader (4) ← salesperson (5); manager (2)
   * and coordinator (7, in the branch) beside it; admin (1) is the seeded admin account.
   */
  async seededTree(tag: string) {
    const p2 = await this.createUser({ username: `ql_${tag}`, role: this.seededRole(2) });
    const p3 = await this.createUser({ username: `cn_${tag}`, role: this.seededRole(3) });
    const p4 = await this.createUser({ username: `tn_${tag}`, role: this.seededRole(4), brand: p3.id });
    const p5 = await this.createUser({ username: `nv_${tag}`, role: this.seededRole(5), brand: p3.id, group: p4.id });
    const p7 = await this.createUser({ username: `dp_${tag}`, role: this.seededRole(7), brand: p3.id });
    return { p2, p3, p4, p5, p7 };
  }
}

// ---------- forged and broken tokens ----------

const b64url = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

/** The claims of a real token (no verification: the test reads what auth signed). */
export const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;

/** A token signed with the deployment's key (the test knows JWT_SECRET): claims of a real token, changed. */
export function forge(secret: string, from: string, change: Record<string, unknown>, opts: { issuer?: string } = {}): string {
  const { iss, ...claims } = claimsOf(from);
  return jwt.sign({ ...claims, ...change }, secret, { algorithm: 'HS256', issuer: opts.issuer ?? (iss as string) ?? TOKEN_ISSUER });
}

/**
 * Every way a token can be wrong without the server's help, each made from a real token of the
 * caller: the server must refuse all of them (401).
 */
export function brokenTokens(secret: string, valid: string): Array<[string, string]> {
  const [h, p, sig] = valid.split('.');
  const flip = (s: string) => s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
  const now = Math.floor(Date.now() / 1000);
  return [
    ['tampered signature', `${h}.${p}.${flip(sig)}`],
    [
      'tampered claims (priority 1, every permission), old signature',
      `${h}.${b64url({ ...claimsOf(valid), pri: 1, perms: ['user.add', 'role.edit', 'systemaccount'] })}.${sig}`,
    ],
    ['alg none', `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claimsOf(valid), pri: 1 })}.`],
    ['alg HS512 with the same key', jwt.sign({ ...claimsOf(valid) }, secret, { algorithm: 'HS512' })],
    ['expired', forge(secret, valid, { exp: now - 5, iat: now - 3600 })],
    ['wrong issuer', forge(secret, valid, {}, { issuer: 'another-system' })],
    [
      'no issuer',
      (() => {
        const { iss: _iss, ...c } = claimsOf(valid);
        return jwt.sign(c, secret, { algorithm: 'HS256' });
      })(),
    ],
    ['signed with another key', forge('another-secret-0123456789abcdef', valid, {})],
    ['not a JWT', 'abc.def'],
    ['empty', ''],
  ];
}
