import type { Rng } from "./seed-random";

export const FIRST_NAMES = [
  "Emma", "Léa", "Chloé", "Manon", "Camille", "Inès", "Jade", "Louise", "Zoé", "Lina", "Alice", "Juliette", "Clara",
  "Sarah", "Anaïs", "Mathilde", "Pauline", "Marie", "Lucie", "Élise", "Margaux", "Charlotte", "Héloïse", "Maëlle",
  "Noémie", "Océane", "Justine", "Agathe", "Romane", "Salomé", "Yasmine", "Amira", "Nina", "Rose", "Éloïse",
  "Gabrielle", "Aurélie", "Céline", "Sandrine", "Nathalie", "Hélène", "Sophie", "Isabelle", "Valérie", "Fatou",
  "Aïcha", "Anne-Sophie", "Marie-Claire", "Bérénice", "Capucine", "Lucas", "Hugo", "Louis", "Gabriel", "Arthur",
  "Jules", "Léo", "Raphaël", "Adam", "Nathan", "Tom", "Théo", "Enzo", "Maxime", "Thomas", "Antoine", "Alexandre",
  "Baptiste", "Quentin", "Romain", "Nicolas", "Julien", "Clément", "Mathis", "Paul", "Victor", "Étienne", "Benoît",
  "François", "Jérôme", "Sébastien", "Olivier", "Yanis", "Karim", "Mehdi", "Rayan", "Samuel", "Noé", "Timothée",
  "Gaël", "Loïc", "Cédric", "Mathieu", "Pierre", "Jean-Baptiste", "Marc-Antoine", "Bastien", "Florian", "Adrien",
  "Kévin",
] as const;

export const LAST_NAMES = [
  "Martin", "Bernard", "Thomas", "Petit", "Robert", "Richard", "Durand", "Dubois", "Moreau", "Laurent", "Simon",
  "Michel", "Lefèvre", "Leroy", "Roux", "David", "Bertrand", "Morel", "Fournier", "Girard", "Bonnet", "Dupont",
  "Lambert", "Fontaine", "Rousseau", "Vincent", "Muller", "Faure", "André", "Mercier", "Blanc", "Guérin", "Boyer",
  "Garnier", "Chevalier", "Legrand", "Gauthier", "Garcia", "Perrin", "Robin", "Clément", "Morin", "Henry",
  "Roussel", "Mathieu", "Masson", "Marchand", "Duval", "Denis", "Dumont", "Lemaire", "Noël", "Meyer", "Dufour",
  "Meunier", "Brun", "Blanchard", "Giraud", "Joly", "Rivière", "Brunet", "Gaillard", "Barbier", "Arnaud",
  "Martinez", "Gérard", "Roche", "Renard", "Schmitt", "Leroux", "Colin", "Vidal", "Caron", "Picard", "Fabre",
  "Aubert", "Lemoine", "Renaud", "Dumas", "Lacroix", "Bourgeois", "Rey", "Leclerc", "Payet", "Rolland", "Lecomte",
  "Lopez", "Dupuy", "Guillot", "Hubert", "Berger", "Carpentier", "Sanchez", "Moulin", "Deschamps", "Huet",
  "Vasseur", "Perez", "Fleury", "Jacquet", "Poirier", "Marty", "Aubry", "Carré", "Charpentier", "Ménard",
  "Maillard", "Baron", "Bertin", "Bailly", "Hervé", "Le Gall", "Léger", "Bouvier", "Prévost", "Millet", "Le Roux",
  "Germain", "Breton", "Besson", "Langlois", "Le Goff", "Pelletier", "Lévêque", "Perrier", "Leblanc", "Lebrun",
  "Weber", "Hamon", "Boulanger", "Monnier", "Michaud", "Guichard", "Tessier", "Lemaître", "Humbert", "Reynaud",
  "Barthélemy", "Cordier", "Pichon", "Lejeune", "Delaunay", "Pasquier", "Laporte", "Benali", "Haddad", "Diallo",
  "Nguyen", "Traoré", "Mendes", "Da Silva", "Ferreira", "Benoît", "N'Diaye", "D'Almeida",
] as const;

/** Reserved `.test` domain: seeded addresses can never reach a real inbox, even with a live email provider. */
export const PARTICIPANT_EMAIL_DOMAIN = "exemple.test";

/** Lower-case without accents, as stored in participants.search_text. */
export function foldText(value: string): string {
  return value.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

function emailPart(name: string): string {
  return foldText(name)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

/** Hands out names and unique addresses (prenom.nom, then prenom.nom2, prenom.nom3…). */
export class PeopleFactory {
  private readonly seen = new Map<string, number>();
  private readonly returning: Person[] = [];

  constructor(private readonly rng: Rng) {}

  newPerson(): Person {
    const firstName = this.rng.pick(FIRST_NAMES);
    const lastName = this.rng.pick(LAST_NAMES);
    const base = `${emailPart(firstName)}.${emailPart(lastName)}`;
    const count = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, count);
    const person = { firstName, lastName, email: `${count === 1 ? base : base + count}@${PARTICIPANT_EMAIL_DOMAIN}` };
    // Keep a bounded pool of past buyers: some people come back for another event.
    if (this.returning.length < 400) this.returning.push(person);
    else if (this.rng.chance(0.05)) this.returning[this.rng.int(0, this.returning.length - 1)] = person;
    return person;
  }

  /** A new buyer most of the time, sometimes someone who already bought. */
  buyer(returningRate = 0.08): Person {
    if (this.returning.length > 50 && this.rng.chance(returningRate)) return this.rng.pick(this.returning);
    return this.newPerson();
  }
}

export function searchText(person: Person): string {
  return foldText(`${person.firstName} ${person.lastName} ${person.email}`);
}
