import type { TestApp } from './test-app.ts';

export interface SignedIn {
  id: number;
  /** A session token of this person (signed in with the test password). */
  token: string;
}

export interface TwoCompanies {
  /** The company under test: Ana is its owner, Marko a member. */
  acme: number;
  /** Another company, owned by Eva, whose data Acme's people must never see or change. */
  beta: number;
  ana: SignedIn;
  marko: SignedIn;
  eva: SignedIn;
}

/**
 * The cast most API tests start from: a company with an owner and a member and the
 * modules under test, and a second company of someone else for the "another company's
 * data is a 404" checks. `betaModules` defaults to the same modules.
 */
export async function twoCompanies(
  t: TestApp,
  modules: number[],
  options: { betaModules?: number[] } = {},
): Promise<TwoCompanies> {
  const [anaId, markoId, evaId] = [
    await t.user('ana@example.com'),
    await t.user('marko@example.com'),
    await t.user('eva@example.com'),
  ];
  const acme = await t.company('Acme', modules, [
    { userId: anaId, role: 'owner' },
    { userId: markoId, role: 'member' },
  ]);
  const beta = await t.company('Beta', options.betaModules ?? modules, [{ userId: evaId, role: 'owner' }]);
  return {
    acme,
    beta,
    ana: { id: anaId, token: await t.login('ana@example.com') },
    marko: { id: markoId, token: await t.login('marko@example.com') },
    eva: { id: evaId, token: await t.login('eva@example.com') },
  };
}
