// A client of the read API written against the types openapi-typescript generates from the
// served document (./schema.d.ts). Type-checked with `strict`: a field the document leaves
// optional reads as `T | undefined` and fails the assignments below (docs/decisions.md D89).
import type { components, paths } from "./schema";

type Account = components["schemas"]["Account"];
type Transaction = components["schemas"]["Transaction"];
type AccountList =
  paths["/api/v1/accounts"]["get"]["responses"]["200"]["content"]["application/json"];
type TransactionList =
  paths["/api/v1/transactions"]["get"]["responses"]["200"]["content"]["application/json"];
type TransactionQuery = NonNullable<paths["/api/v1/transactions"]["get"]["parameters"]["query"]>;
type Correction = NonNullable<
  paths["/api/v1/transactions/{id}"]["patch"]["requestBody"]
>["content"]["application/json"];
type Corrected =
  paths["/api/v1/transactions/{id}"]["patch"]["responses"]["200"]["content"]["application/json"];
type Deleted =
  paths["/api/v1/transactions/{id}"]["delete"]["responses"]["200"]["content"]["application/json"];
type ApiError =
  paths["/api/v1/transactions/{id}"]["patch"]["responses"]["422"]["content"]["application/json"];

async function call<T>(base: string, key: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(base + path, {
    ...init,
    headers: { "X-Api-Key": key, "Content-Type": "application/json" },
  });
  if (!response.ok) {
    const error = (await response.json()) as ApiError;
    throw new Error(`${error.error}: ${error.message}`);
  }
  return (await response.json()) as T;
}

// Lists the accounts and the first account's expenses, then corrects the newest one.
export async function correctNewestExpense(base: string, key: string): Promise<string> {
  const accounts = await call<AccountList>(base, key, "/api/v1/accounts?per_page=100");
  const account: Account | undefined = accounts.accounts[0];
  if (account === undefined) return "no accounts";
  const balanceCents: number = account.balance_cents;
  const classification: "asset" | "liability" = account.classification;
  const pages: number = accounts.pagination.total_pages;

  const query: TransactionQuery = { account_id: account.id, type: "expense", per_page: "25" };
  const search = new URLSearchParams(query as Record<string, string>).toString();
  const list = await call<TransactionList>(base, key, `/api/v1/transactions?${search}`);
  const newest: Transaction | undefined = list.transactions[0];
  if (newest === undefined) return `${account.name}: nothing to correct`;
  const cents: number = newest.amount_cents;
  const signed: number = newest.signed_amount_cents;
  const category: string | null = newest.category === null ? null : newest.category.name;
  const tagNames: string[] = newest.tags.map((tag) => tag.name);
  const importId: string | null = newest.import_id;
  const otherAccount: string | null =
    newest.transfer === null ? null : newest.transfer.other_account.name;
  // @ts-expect-error amount_cents is a number, not a string: the types are not `any`.
  const wrong: string = newest.amount_cents;

  const correction: Correction = {
    transaction: { name: "Corrected", notes: null, amount: "12.50", tag_ids: [], excluded: true },
  };
  const corrected = await call<Corrected>(base, key, `/api/v1/transactions/${newest.id}`, {
    method: "PATCH",
    body: JSON.stringify(correction),
  });
  const excluded: boolean = corrected.excluded;
  const kind: Transaction["kind"] = corrected.kind;
  const updatedAt: string = corrected.updated_at;
  const removed = await call<Deleted>(base, key, `/api/v1/transactions/${newest.id}`, {
    method: "DELETE",
  });
  const message: string = removed.message;
  return [account.name, balanceCents, classification, pages, cents, signed, category,
    tagNames.join(","), importId, otherAccount, wrong, excluded, kind, updatedAt, message].join(" ");
}
