import type { Database } from "#db/database";
import { canInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { isAppError } from "../shared/app-error";
import { getPaymentAccount, type PaymentAccount } from "./account-status";
import type { PaymentAccountDeps } from "./account-sync";
import { connectPaymentAccount } from "./connect-payment-account";
import { refreshPaymentAccount } from "./refresh-payment-account";

export type AccountReturnFlow = "return" | "refresh";

export type AccountPageState =
  { kind: "redirect"; url: string } | { kind: "page"; account: PaymentAccount; errorKey: string | null };

/** Where a return from the onboarding lands once the account was read again (a reload then reads nothing twice). */
const FINANCE_OVERVIEW_PATH = "/finance";

/**
 * The overview's arrival from Stripe: `return` (onboarding left or finished) reads the account from Stripe, then goes
 * to the plain overview; `refresh` (the link expired) makes a new onboarding link and goes there. A provider failure
 * does not hide the page: the stored state shows with the error.
 */
export async function accountPageState(
  db: Database,
  deps: PaymentAccountDeps,
  actor: Actor,
  input: { flow: AccountReturnFlow | null; origin: string },
): Promise<AccountPageState> {
  const stored = () => getPaymentAccount(db, actor, { mode: deps.accounts.mode });
  try {
    // A GET may be a link from another site (the session cookie is SameSite=Lax): it renews the onboarding link of an
    // account already made, and never creates an account, which only the page's own button (a POST) does.
    if (input.flow === "refresh" && canInOrganization(actor, "finance:connect-account")) {
      const account = await stored();
      if (account.connectedAccountId !== null) {
        return { kind: "redirect", ...(await connectPaymentAccount(db, deps, actor, { origin: input.origin })) };
      }
      return { kind: "page", account, errorKey: null };
    }
    if (input.flow === "return") {
      await refreshPaymentAccount(db, deps, actor);
      return { kind: "redirect", url: FINANCE_OVERVIEW_PATH };
    }
  } catch (error) {
    if (!isAppError(error) || error.code !== "conflict") throw error;
    return { kind: "page", account: await stored(), errorKey: error.messageKey };
  }
  return { kind: "page", account: await stored(), errorKey: null };
}
