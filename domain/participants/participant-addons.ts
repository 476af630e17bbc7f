/** An add-on of a ticket holder's order: its title and how many were bought (decision 0045). */
export type ParticipantAddon = { title: string; quantity: number };

/** The add-ons from the titles of an order's add-on rows (a JSON array, in id order), counted per title. */
export function parseAddons(json: string | null): ParticipantAddon[] {
  if (!json) return [];
  const counts = new Map<string, number>();
  for (const title of JSON.parse(json) as unknown[]) counts.set(String(title), (counts.get(String(title)) ?? 0) + 1);
  return [...counts].map(([title, quantity]) => ({ title, quantity }));
}

/** One line for a table cell or a CSV cell: "Parking ×1, Vestiaire ×2". */
export function addonsText(addons: readonly ParticipantAddon[]): string {
  return addons.map((addon) => `${addon.title} ×${addon.quantity}`).join(", ");
}
