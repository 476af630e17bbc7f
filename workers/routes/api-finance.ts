import { Hono, type Context } from "hono";
import * as v from "valibot";
import { paymentAccountProviderFromEnv } from "#adapters/payment-accounts";
import { createAccountDashboardLink } from "#domain/finance/account-dashboard-link";
import { getPaymentAccount, type PaymentAccount } from "#domain/finance/account-status";
import { connectPaymentAccount } from "#domain/finance/connect-payment-account";
import { getPayoutFrequency, payoutFrequencySchema } from "#domain/finance/payout-frequency";
import { refreshPaymentAccount } from "#domain/finance/refresh-payment-account";
import { updatePayoutFrequency } from "#domain/finance/update-payout-frequency";
import { exportFinance, financeExportKinds } from "#domain/finance/export-finance";
import { resolveFinancePeriod } from "#domain/finance/finance-period";
import {
  listTransactions,
  orderIdOfSearch,
  transactionKinds,
  transactionSortIds,
  type TransactionKind,
  type TransactionRow,
  type TransactionSortId,
} from "#domain/finance/list-transactions";
import { listTransactionsAfter } from "#domain/finance/list-transactions-after";
import { cursorOf, cursorQueryEntries } from "#domain/shared/cursor-paging";
import { cursorListJson } from "../cursor-list";
import { getFinanceBalance } from "#domain/finance/balance";
import { listPayouts, payoutSortIds, type PayoutSortId } from "#domain/finance/list-payouts";
import { payoutStatuses } from "#db/schema";
import { AppError } from "#domain/shared/app-error";
import { actorForOrganizerParam } from "../actor-for-organization";
import { commaList, csvDownload, idList, pageQuery, parseQuery, periodQuery, sortOf, sortParam } from "./finance-query";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";

/**
 * The organization's money (issue 13 §7), mounted at /api/organizers: `/:id/finance/…`. Owners and admins
 * (finance:view); another organization, event managers and the empty role get 404 from the domain.
 */
export const financeApiRoutes = new Hono<ApiEnv>();

export const transactionsQuerySchema = v.object({
  ...pageQuery,
  type: v.optional(commaList(transactionKinds)),
  event: v.optional(idList()),
  order: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
  sort: v.optional(sortParam(transactionSortIds)),
  ...periodQuery,
  ...cursorQueryEntries,
});

function transactionToJson(row: TransactionRow) {
  return {
    id: row.id,
    type: row.type,
    amount: row.amount,
    fee: row.fee,
    net: row.net,
    event_id: row.eventId,
    event_title: row.eventTitle,
    order_id: row.orderId,
    payout_id: row.payoutId,
    description: row.description,
    occurred_at: new Date(row.occurredAt).toISOString(),
  };
}

export const exportQuerySchema = v.object({ kind: v.picklist(financeExportKinds), ...periodQuery });

/**
 * The ledger, one page: `?page=` (zero-based), `?page_size=` (1–100, default 10), `?type=charge,fee,refund,payout,
 * adjustment`, `?event=1,2`, `?order=123`, `?period=month|quarter|year|all|custom` (default all) with `from`/`to`
 * (YYYY-MM-DD) for custom, `?sort=occurred_at|-occurred_at|amount|-amount|net|-net` (default -occurred_at). With
 * `?limit=` or `?starting_after=` (integrators, issue 26 §4): a cursor list in id order `{ object: "list", data,
 * has_more }`, the same filters applying.
 */
financeApiRoutes.get("/:id/finance/transactions", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const query = parseQuery(transactionsQuerySchema, c.req.query());
  const range = resolveFinancePeriod(query, {});
  const page = Number(query.page);
  const pageSize = Number(query.page_size);
  const sort = sortOf<TransactionSortId>(query.sort);
  const orderId = query.order === undefined ? null : orderIdOfSearch(query.order);
  if (query.order !== undefined && orderId === null) throw new AppError("validation", "errors:invalid-input");
  const filters = {
    kinds: (query.type ?? []) as TransactionKind[],
    eventIds: query.event ?? [],
    orderId,
    from: range.from,
    to: range.to,
  };
  const cursor = cursorOf(query);
  if (cursor) {
    const list = await listTransactionsAfter(c.get("db"), actor, { ...filters, cursor });
    return c.json(cursorListJson(list, transactionToJson));
  }
  const result = await listTransactions(c.get("db"), actor, {
    offset: page * pageSize,
    limit: pageSize,
    sort,
    ...filters,
  });
  return c.json({
    transactions: result.rows.map(transactionToJson),
    total: result.total,
    page,
    page_size: pageSize,
    totals: result.totals,
    period: { period: range.period, from: range.fromDay, to: range.toDay },
  });
});

/** `?kind=transactions|payouts&period=…[&from=&to=]` → the CSV file (UTF-8 with BOM). */
financeApiRoutes.get("/:id/finance/export", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const query = parseQuery(exportQuerySchema, c.req.query());
  return csvDownload(await exportFinance(c.get("db"), actor, query));
});

// Payment account and payout frequency (F1, docs/contracts/finance-account.md).

const accountJson = (account: PaymentAccount) => ({
  status: account.status,
  connected_account_id: account.connectedAccountId,
  is_connected_account_valid: account.isConnectedAccountValid,
  details_submitted: account.detailsSubmitted,
  pending_step: account.pendingStep,
  payout_frequency: account.payoutFrequency,
  mode: account.mode,
});
const accountDeps = (c: Context<ApiEnv>) => ({ accounts: paymentAccountProviderFromEnv(c.env) });
const appOrigin = (c: Context<ApiEnv>) => c.env.APP_URL || new URL(c.req.url).origin;

financeApiRoutes.get("/:id/finance/account", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  return c.json(accountJson(await getPaymentAccount(c.get("db"), actor, { mode: accountDeps(c).accounts.mode })));
});

/** Starts (or resumes) the onboarding: `{ url }` to send the organizer to; Stripe returns them to /finance. */
financeApiRoutes.post("/:id/finance/account/connect", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  return c.json(await connectPaymentAccount(c.get("db"), accountDeps(c), actor, { origin: appOrigin(c) }));
});

financeApiRoutes.post("/:id/finance/account/refresh", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  return c.json(accountJson(await refreshPaymentAccount(c.get("db"), accountDeps(c), actor)));
});

/** `{ url }` of the provider's dashboard (Stripe Express login link, single use) for a valid account. */
financeApiRoutes.post("/:id/finance/account/dashboard", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  return c.json(await createAccountDashboardLink(c.get("db"), accountDeps(c), actor, { origin: appOrigin(c) }));
});

financeApiRoutes.get("/:id/finance/frequency", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const { payoutFrequency } = await getPayoutFrequency(c.get("db"), actor);
  return c.json({ payout_frequency: payoutFrequency });
});

export const payoutFrequencyBodySchema = v.object({ payout_frequency: payoutFrequencySchema });

financeApiRoutes.put("/:id/finance/frequency", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const body = await parseJson(c, payoutFrequencyBodySchema);
  const { payoutFrequency } = await updatePayoutFrequency(c.get("db"), accountDeps(c), actor, {
    payoutFrequency: body.payout_frequency,
  });
  return c.json({ payout_frequency: payoutFrequency });
});

// Payouts and balance (F2, docs/contracts/finance-payouts.md).

export const payoutsQuerySchema = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number)), "0"),
  page_size: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)),
    "10",
  ),
  status: v.optional(commaList(payoutStatuses)),
  sort: v.optional(v.picklist(payoutSortIds.flatMap((id) => [id, `-${id}`]))),
});

/** `?page=` (zero-based), `?page_size=` (1–100), `?status=paid,pending,failed,cancelled`, `?sort=[-]initiation_date…`. */
financeApiRoutes.get("/:id/finance/payouts", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const query = parseQuery(payoutsQuerySchema, c.req.query());
  const page = Number(query.page);
  const pageSize = Number(query.page_size);
  const sort = query.sort
    ? { id: query.sort.replace(/^-/, "") as PayoutSortId, desc: query.sort.startsWith("-") }
    : null;
  const result = await listPayouts(c.get("db"), actor, {
    offset: page * pageSize,
    limit: pageSize,
    sort,
    statuses: query.status ?? [],
  });
  return c.json({
    payouts: result.rows.map((row) => ({
      payoutId: row.id,
      bankAccountName: row.bankAccountName,
      amount: row.amount,
      initiationDate: new Date(row.initiationDate).toISOString(),
      estimateDate: row.estimateDate === null ? null : new Date(row.estimateDate).toISOString(),
      status: row.status,
      failureCode: row.failureCode,
      failureMessage: row.failureMessage,
    })),
    total: result.total,
    page,
    page_size: pageSize,
  });
});

/** `{ available, pending, held, inTransit }` in cents (decision 0022). */
financeApiRoutes.get("/:id/finance/balance", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  return c.json(await getFinanceBalance(c.get("db"), actor));
});
