import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { BASE_URL, E2E_PORT } from './env.ts';

export interface E2eAccount {
  username: string;
  password: string;
}

export interface E2eUsers {
  /** The demo kingdom, administered by kingdomAdmin. */
  kd: number;
  superadmin: E2eAccount;
  kingdomAdmin: E2eAccount;
}

/**
 * The staff accounts scripts/e2e-users.mjs created for this run (random password, written to a file only this user
 * can read); read lazily, since the web server writes it after Playwright has loaded the specs.
 */
export function e2eUsers(): E2eUsers {
  const file = join(tmpdir(), `kingdom-stats-e2e-users-${E2E_PORT}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as E2eUsers;
  } catch {
    throw new Error(
      `No e2e accounts in ${file}: the e2e server must call prepareE2eUsers() from scripts/e2e-users.mjs`,
    );
  }
}

export interface SignedIn {
  token: string;
  user: { id: number; username: string; role: string; kingdoms: number[] };
  kingdoms: { kd: number; name: string | null; code: string }[];
}

/** Signs in through the API and puts the session where the app keeps it (SPEC §3: localStorage token and user). */
export async function signIn(page: Page, who: 'superadmin' | 'kingdomAdmin'): Promise<SignedIn> {
  const account = e2eUsers()[who];
  const answer = await page.request.post(`${BASE_URL}/api/auth/login`, { data: account });
  if (!answer.ok())
    throw new Error(`Sign-in of ${account.username} failed: ${answer.status()} ${await answer.text()}`);
  const session = (await answer.json()) as SignedIn;
  await page.goto('/login');
  await page.evaluate(
    ([token, user]) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('user', user);
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  return session;
}

/** The current access code of a kingdom, as a superadmin sees it. */
export async function accessCode(page: Page, kd: number): Promise<string> {
  const account = e2eUsers().superadmin;
  const answer = await page.request.post(`${BASE_URL}/api/auth/login`, { data: account });
  const { token, kingdoms } = (await answer.json()) as SignedIn;
  await page.request.post(`${BASE_URL}/api/auth/logout`, { headers: { authorization: `Bearer ${token}` } });
  const kingdom = kingdoms.find((k) => k.kd === kd);
  if (!kingdom) throw new Error(`No kingdom ${kd}`);
  return kingdom.code;
}

/** Desktop and mobile run against one server: things a test creates are named per project so they never clash. */
export function perProject(testInfo: TestInfo, desktop: number, mobile: number): number {
  return testInfo.project.name === 'mobile' ? mobile : desktop;
}
