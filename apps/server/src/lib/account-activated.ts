/**
 * What other modules do when an invited person activates their account. `auth` owns activation
 * and runs these steps once the account is active; `invitations` adds its own in app.ts:
 * activating is consent to the invitations waiting for the person (docs/decisions/011-consent-to-join.md).
 * So auth imports nothing of invitations, which asks auth for activation links: one direction
 * only (docs/decisions/033-module-boundaries.md).
 */

/** The person whose account was just activated. */
export type ActivatedAccount = { id: number; email: string };

export type AccountActivatedStep = (account: ActivatedAccount) => Promise<void>;

export interface AccountActivated {
  /** Adds a step, run after the steps added before it. */
  on(step: AccountActivatedStep): void;
  /** Runs every step in turn; one that throws fails the activation's answer. */
  run(account: ActivatedAccount): Promise<void>;
}

export function createAccountActivated(): AccountActivated {
  const steps: AccountActivatedStep[] = [];
  return {
    on: (step) => {
      steps.push(step);
    },
    run: async (account) => {
      for (const step of steps) await step(account);
    },
  };
}
