import type { Rng } from "./seed-random";
import { DAY, parisTime } from "./seed-time";

/** What the demo contains, independent of ids: organizations, accounts, events with their tickets, codes and forms. */

export const DEMO_PASSWORD = "guichet-demo-2026";
export const ADMIN_PASSWORD = "guichet-admin-2026";

export type OrganizationKey = "nuits" | "theatre";
export type UserKey = "admin" | "owner" | "adminOrg" | "manager" | "guest" | "validator" | "theatre";
export type OrgRole = "owner" | "admin" | "event_manager" | "";

export interface UserSpec {
  key: UserKey;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  isAdmin: boolean;
  memberships: { organization: OrganizationKey; role: OrgRole }[];
}

export const USERS: UserSpec[] = [
  {
    key: "admin",
    email: "admin@guichet.test",
    firstName: "Inès",
    lastName: "Garnier",
    password: ADMIN_PASSWORD,
    isAdmin: true,
    memberships: [{ organization: "theatre", role: "owner" }],
  },
  {
    key: "owner",
    email: "owner@guichet.test",
    firstName: "Claire",
    lastName: "Fontaine",
    password: DEMO_PASSWORD,
    isAdmin: false,
    memberships: [{ organization: "nuits", role: "owner" }],
  },
  {
    key: "adminOrg",
    email: "admin-org@guichet.test",
    firstName: "Julien",
    lastName: "Mercier",
    password: DEMO_PASSWORD,
    isAdmin: false,
    memberships: [{ organization: "nuits", role: "admin" }],
  },
  {
    key: "manager",
    email: "manager@guichet.test",
    firstName: "Sofia",
    lastName: "Benali",
    password: DEMO_PASSWORD,
    isAdmin: false,
    memberships: [{ organization: "nuits", role: "event_manager" }],
  },
  {
    key: "guest",
    email: "guest@guichet.test",
    firstName: "Hugo",
    lastName: "Lambert",
    password: DEMO_PASSWORD,
    isAdmin: false,
    memberships: [{ organization: "nuits", role: "" }],
  },
  {
    key: "validator",
    email: "validator@guichet.test",
    firstName: "Nadia",
    lastName: "Roux",
    password: DEMO_PASSWORD,
    isAdmin: false,
    memberships: [{ organization: "nuits", role: "" }],
  },
  {
    key: "theatre",
    email: "theatre@guichet.test",
    firstName: "Mathieu",
    lastName: "Perrin",
    password: DEMO_PASSWORD,
    isAdmin: false,
    memberships: [{ organization: "theatre", role: "owner" }],
  },
];

export interface OrganizationSpec {
  key: OrganizationKey;
  title: string;
  smallDescription: string;
  description: string;
  contactEmail: string;
  addressLabel: string;
  latitude: number;
  longitude: number;
  connectedAccountId: string;
  payoutFrequency: "manual" | "daily" | "weekly" | "monthly";
  bankAccountName: string;
  createdDaysAgo: number;
  /** The « Facturation » details printed on its invoices (issue 29). */
  billing: {
    legalName: string;
    address: string;
    postalCode: string;
    city: string;
    vatNumber: string;
    companyNumber: string;
    invoicePrefix: string;
  };
}

// Listed in insertion order: "Association Les Nuits Sonores" gets the first id.
export const ORGANIZATIONS: OrganizationSpec[] = [
  {
    key: "nuits",
    title: "Association Les Nuits Sonores",
    smallDescription: "Musiques électroniques et cultures nocturnes à Lyon depuis 2009.",
    description:
      "<p>L'association <strong>Les Nuits Sonores</strong> programme des soirées, des festivals et des rencontres autour des musiques électroniques à Lyon et dans sa métropole.</p><p>Nous travaillons avec une centaine de bénévoles et des lieux partenaires des deux rives du Rhône.</p>",
    contactEmail: "contact@nuits-sonores.exemple.test",
    addressLabel: "12 rue de la Charité, 69002 Lyon",
    latitude: 45_755_900,
    longitude: 4_831_700,
    connectedAccountId: "acct_demo_lesnuits",
    payoutFrequency: "weekly",
    bankAccountName: "CRÉDIT COOPÉRATIF •••• 4821",
    createdDaysAgo: 420,
    billing: {
      legalName: "Association Les Nuits Sonores",
      address: "12 rue de la Charité",
      postalCode: "69002",
      city: "Lyon",
      vatNumber: "FR11412345674",
      companyNumber: "RNA W691234567 · SIREN 412 345 674",
      invoicePrefix: "NS-",
    },
  },
  {
    key: "theatre",
    title: "Théâtre du Quai",
    smallDescription: "Scène de quartier : théâtre contemporain, classiques et lectures.",
    description:
      "<p>Le <strong>Théâtre du Quai</strong> accueille chaque saison une vingtaine de spectacles, des lectures publiques et des ateliers de pratique amateur.</p>",
    contactEmail: "billetterie@theatre-du-quai.exemple.test",
    addressLabel: "12 quai Saint-Vincent, 69001 Lyon",
    latitude: 45_767_600,
    longitude: 4_823_200,
    connectedAccountId: "acct_demo_theatreduquai",
    payoutFrequency: "monthly",
    bankAccountName: "LA BANQUE POSTALE •••• 0937",
    createdDaysAgo: 260,
    billing: {
      legalName: "Théâtre du Quai SCIC SARL",
      address: "12 quai Saint-Vincent",
      postalCode: "69001",
      city: "Lyon",
      vatNumber: "FR60823456781",
      companyNumber: "RCS Lyon 823 456 781",
      invoicePrefix: "TQ-",
    },
  },
];

export interface TicketSpec {
  key: string;
  ticketType: "ticket" | "addon";
  title: string;
  description: string;
  detailedDescription?: string;
  price: number;
  amount?: number;
  sellStartAt?: Date;
  sellEndAt?: Date;
  minPerOrder?: number;
  maxPerOrder?: number;
  visibility?: "visible" | "hidden";
  showRemainingCount?: boolean;
  /** Relative popularity with buyers. */
  weight: number;
  /** Manual orders (added by the organizer) use this ticket when the event has one. */
  invitation?: boolean;
}

export interface PromoSpec {
  code: string;
  discountType: "percent" | "amount";
  /** Basis points for percent, cents for amount. */
  discountValue: number;
  maxUses?: number;
  startAt?: Date;
  endAt?: Date;
  /** Ticket keys the code is limited to; absent means every ticket. */
  ticketKeys?: string[];
}

export type QuestionType =
  "short-text" | "text" | "unique-choice" | "multiple-choice" | "selection" | "additional-conditions" | "no-field";

export interface QuestionSpec {
  title: string;
  description: string;
  mandatory: boolean;
  type: QuestionType;
  options?: string[];
  /** Share of buyers who answer an optional question. */
  answerRate?: number;
  /** Free-text answer; choice answers are drawn from the options. */
  answer?: (rng: Rng) => string;
}

export interface FormSpec {
  formType: "before" | "before-tickets";
  title: string;
  questions: QuestionSpec[];
}

export interface SalesSpec {
  start: Date;
  end: Date;
  orders: number;
  /** Weights for 1, 2, 3, 4 tickets per order. */
  ticketsPerOrder: number[];
  addonRate: number;
  promoRate: number;
  /** Share of orders that answer the order forms (the forms arrived after the first sales). */
  answerRate: number;
}

export interface EventSpec {
  key: string;
  organization: OrganizationKey;
  createdBy: UserKey;
  title: string;
  smallDescription: string;
  description: string;
  status: "draft" | "published" | "archived";
  visibility: "public" | "private";
  startAt: Date;
  endAt: Date;
  addressName: string;
  addressLabel: string;
  latitude: number;
  longitude: number;
  contactEmail: string;
  refundPolicy: string | null;
  primaryColor: string;
  theme: "light" | "dark";
  eventCapacity: number;
  allowBilling: boolean;
  confirmationPageMessage: string;
  emailPdfMessage: string;
  createdAt: Date;
  publishedAt: Date | null;
  tickets: TicketSpec[];
  promos: PromoSpec[];
  forms: FormSpec[];
  sales?: SalesSpec;
  /** Door scans exist for this event. */
  checkIns?: boolean;
}

const LYON_POSTAL_CODES = [
  "69001",
  "69002",
  "69003",
  "69004",
  "69005",
  "69006",
  "69007",
  "69008",
  "69009",
  "69100",
  "69300",
  "69600",
  "38200",
  "42000",
  "01000",
  "75011",
  "13001",
];

const postalCode = (rng: Rng) => rng.pick(LYON_POSTAL_CODES);

const ALLERGIES = [
  "Allergie aux arachides",
  "Intolérance au gluten",
  "Allergie aux fruits à coque",
  "Sans lactose, merci",
  "Allergie aux crustacés",
];

const ACCESSIBILITY_NEEDS = [
  "Je me déplace en fauteuil roulant, place proche de l'entrée si possible.",
  "Malentendant, j'aimerais être placé près de la scène.",
  "Besoin d'un accès ascenseur.",
  "Je viens avec mon chien d'assistance.",
];

const DISCOVERY_QUESTION: QuestionSpec = {
  title: "Comment avez-vous connu l'événement ?",
  description: "",
  mandatory: false,
  type: "unique-choice",
  options: [
    "Réseaux sociaux",
    "Bouche-à-oreille",
    "Affichage en ville",
    "Newsletter de l'association",
    "Presse ou radio",
  ],
  answerRate: 0.7,
};

const RULES_QUESTION: QuestionSpec = {
  title: "J'accepte le règlement intérieur du lieu",
  description: "Le règlement est affiché à l'entrée et disponible sur demande.",
  mandatory: true,
  type: "additional-conditions",
  answer: () => "true",
};

const POSTAL_CODE_QUESTION: QuestionSpec = {
  title: "Code postal",
  description: "Pour mieux connaître notre public (statistiques anonymes).",
  mandatory: false,
  type: "short-text",
  answerRate: 0.6,
  answer: postalCode,
};

export const DEFAULT_QUESTION_TITLE = "Nom, prénom, email";

/**
 * The events of both organizations. `reference` is the seeding "now" (a UTC midnight); every date hangs off it so the
 * upcoming events stay upcoming and the sales chart always covers the last 30 days.
 */
export function buildCatalog(reference: Date): EventSpec[] {
  const at = (days: number, hour: number, minute = 0) => parisTime(reference, days, hour, minute);
  const daysAgo = (days: number) => new Date(reference.getTime() - days * DAY);

  const festival: EventSpec = {
    key: "festival",
    organization: "nuits",
    createdBy: "owner",
    title: "Festival Nuits Sonores",
    smallDescription: "Deux nuits de musiques électroniques sur les quais du Rhône, 30 artistes sur trois scènes.",
    description: [
      "<h2>Deux nuits, trois scènes, trente artistes</h2>",
      "<p>Le <strong>Festival Nuits Sonores</strong> investit La Sucrière et ses quais pour deux nuits de live et de DJ sets, de la house la plus solaire à la techno la plus brute. Entre deux concerts, retrouvez le village associatif, les créateurs lyonnais et les food-trucks du marché de nuit.</p>",
      "<h3>Au programme</h3>",
      "<ul>",
      "<li><strong>Scène Rhône</strong> : têtes d'affiche et lives audiovisuels, de 20 h à 4 h.</li>",
      "<li><strong>Scène Confluence</strong> : les collectifs lyonnais et la jeune scène régionale.</li>",
      "<li><strong>Le Dôme</strong> : sets longs, de la tombée de la nuit au petit matin.</li>",
      "</ul>",
      "<h3>Infos pratiques</h3>",
      "<p>Ouverture des portes à 18 h. Tram T1 arrêt <em>Hôtel de Région – Montrochet</em>. Une navette retour vers le centre-ville circule toute la nuit (option à ajouter à votre commande).</p>",
      "<p>Festival interdit aux moins de 18 ans, une pièce d'identité vous sera demandée à l'entrée. Les bouteilles en verre et les objets tranchants ne sont pas acceptés.</p>",
    ].join(""),
    status: "published",
    visibility: "public",
    startAt: at(24, 18),
    endAt: at(26, 4),
    addressName: "La Sucrière",
    addressLabel: "49-50 quai Rambaud, 69002 Lyon",
    latitude: 45_738_500,
    longitude: 4_814_800,
    contactEmail: "festival@nuits-sonores.exemple.test",
    refundPolicy:
      "Billets remboursables jusqu'à 14 jours avant le festival. Au-delà, les billets sont échangeables mais non remboursables, sauf annulation de l'événement.",
    primaryColor: "#e11d48",
    theme: "dark",
    eventCapacity: 4000,
    allowBilling: true,
    confirmationPageMessage:
      "Merci pour votre commande ! Vos billets arrivent par email. Pensez à télécharger l'application du festival pour composer votre programme.",
    emailPdfMessage: "Présentez ce billet (imprimé ou sur votre téléphone) à l'entrée, avec une pièce d'identité.",
    createdAt: daysAgo(52),
    publishedAt: daysAgo(30),
    tickets: [
      {
        key: "early",
        ticketType: "ticket",
        title: "Pass 2 nuits — Early Bird",
        description: "Tarif de lancement, en quantité limitée.",
        detailedDescription:
          "Accès aux deux nuits du festival et à toutes les scènes. Tarif réservé aux 250 premiers acheteurs.",
        price: 5900,
        amount: 250,
        sellStartAt: daysAgo(30),
        sellEndAt: daysAgo(16),
        maxPerOrder: 4,
        weight: 9,
      },
      {
        key: "pass2",
        ticketType: "ticket",
        title: "Pass 2 nuits",
        description: "Accès aux deux nuits et à toutes les scènes.",
        detailedDescription:
          "Un bracelet nominatif vous est remis à la première entrée ; il donne accès au site les deux nuits.",
        price: 7500,
        sellStartAt: daysAgo(30),
        maxPerOrder: 8,
        weight: 5,
      },
      {
        key: "saturday",
        ticketType: "ticket",
        title: "Pass 1 nuit — Samedi",
        description: "Accès à la nuit du samedi uniquement.",
        price: 4500,
        amount: 900,
        sellStartAt: daysAgo(30),
        showRemainingCount: true,
        weight: 4,
      },
      {
        key: "invitation",
        ticketType: "ticket",
        title: "Invitation",
        description: "Invitations artistes, partenaires et presse.",
        price: 0,
        visibility: "hidden",
        maxPerOrder: 4,
        weight: 0,
        invitation: true,
      },
      {
        key: "shuttle",
        ticketType: "addon",
        title: "Navette retour vers Lyon centre",
        description: "Départs toutes les 30 minutes de 1 h à 5 h vers Bellecour et Part-Dieu.",
        price: 600,
        amount: 400,
        weight: 3,
      },
      {
        key: "cloakroom",
        ticketType: "addon",
        title: "Vestiaire",
        description: "Un dépôt par nuit.",
        price: 300,
        weight: 2,
      },
    ],
    promos: [
      {
        code: "EARLY15",
        discountType: "percent",
        discountValue: 1500,
        maxUses: 150,
        startAt: daysAgo(30),
        endAt: daysAgo(20),
      },
      { code: "ADHERENT10", discountType: "amount", discountValue: 1000, ticketKeys: ["pass2"] },
    ],
    forms: [
      {
        formType: "before",
        title: "Informations de commande",
        questions: [DISCOVERY_QUESTION, POSTAL_CODE_QUESTION, RULES_QUESTION],
      },
      {
        formType: "before-tickets",
        title: "Informations participant",
        questions: [
          {
            title: "Tranche d'âge",
            description: "",
            mandatory: true,
            type: "selection",
            options: ["18-24 ans", "25-34 ans", "35-44 ans", "45 ans et plus"],
          },
          {
            title: "Soirées qui vous intéressent",
            description: "Plusieurs réponses possibles.",
            mandatory: false,
            type: "multiple-choice",
            options: ["House", "Techno", "Live électronique", "Bass music", "Ambient"],
            answerRate: 0.55,
          },
          {
            title: "Besoins d'accessibilité",
            description: "Notre équipe accessibilité vous recontactera avant le festival.",
            mandatory: false,
            type: "text",
            answerRate: 0.04,
            answer: (rng) => rng.pick(ACCESSIBILITY_NEEDS),
          },
        ],
      },
    ],
    sales: {
      start: daysAgo(30),
      end: reference,
      orders: 900,
      ticketsPerOrder: [42, 36, 12, 10],
      addonRate: 0.32,
      promoRate: 0.12,
      answerRate: 0.85,
    },
  };

  const partners: EventSpec = {
    key: "partners",
    organization: "nuits",
    createdBy: "adminOrg",
    title: "Soirée partenaires & mécènes",
    smallDescription: "Une soirée privée pour remercier celles et ceux qui font vivre l'association.",
    description:
      "<p>Cocktail dînatoire, présentation de la prochaine saison et <strong>live acoustique</strong> sur la terrasse du musée. Soirée sur invitation : merci de ne pas partager ce lien.</p>",
    status: "published",
    visibility: "private",
    startAt: at(10, 19, 30),
    endAt: at(10, 23, 30),
    addressName: "Musée des Confluences",
    addressLabel: "86 quai Perrache, 69002 Lyon",
    latitude: 45_732_600,
    longitude: 4_818_200,
    contactEmail: "partenariats@nuits-sonores.exemple.test",
    refundPolicy: null,
    primaryColor: "#0f766e",
    theme: "light",
    eventCapacity: 250,
    allowBilling: true,
    confirmationPageMessage: "Merci, nous avons hâte de vous retrouver au musée !",
    emailPdfMessage: "Tenue de ville. Accueil à partir de 19 h 30 par l'entrée du quai.",
    createdAt: daysAgo(40),
    publishedAt: daysAgo(28),
    tickets: [
      {
        key: "partner",
        ticketType: "ticket",
        title: "Invitation partenaire",
        description: "Réservée à nos partenaires.",
        price: 0,
        amount: 150,
        maxPerOrder: 2,
        weight: 6,
      },
      {
        key: "patron",
        ticketType: "ticket",
        title: "Place mécène",
        description: "Comprend un reçu fiscal pour la part de don.",
        price: 8000,
        amount: 60,
        maxPerOrder: 4,
        weight: 2,
      },
      {
        key: "guest",
        ticketType: "ticket",
        title: "Accompagnant·e",
        description: "Pour la personne qui vous accompagne.",
        price: 3500,
        maxPerOrder: 2,
        weight: 3,
      },
      {
        key: "parking",
        ticketType: "addon",
        title: "Place de parking Confluence",
        description: "Parking souterrain, accès par le quai Perrache.",
        price: 1200,
        amount: 40,
        weight: 1,
      },
    ],
    promos: [{ code: "MECENE20", discountType: "percent", discountValue: 2000, ticketKeys: ["guest"], maxUses: 40 }],
    forms: [
      {
        formType: "before",
        title: "Vos coordonnées",
        questions: [
          {
            title: "Structure ou entreprise",
            description: "",
            mandatory: true,
            type: "short-text",
            answer: (rng) => rng.pick(PARTNER_COMPANIES),
          },
          {
            title: "Régime alimentaire ou allergies",
            description: "",
            mandatory: false,
            type: "text",
            answerRate: 0.2,
            answer: (rng) => rng.pick(ALLERGIES),
          },
        ],
      },
      {
        formType: "before-tickets",
        title: "Participant",
        questions: [
          {
            title: "Menu",
            description: "Le cocktail est préparé par un traiteur local.",
            mandatory: true,
            type: "unique-choice",
            options: ["Classique", "Végétarien", "Sans gluten"],
          },
        ],
      },
    ],
    sales: {
      start: daysAgo(28),
      end: reference,
      orders: 120,
      ticketsPerOrder: [55, 45, 0, 0],
      addonRate: 0.15,
      promoRate: 0.15,
      answerRate: 1,
    },
  };

  const transbordeur: EventSpec = {
    key: "transbordeur",
    organization: "nuits",
    createdBy: "manager",
    title: "Nuit électro au Transbordeur",
    smallDescription: "Une nuit techno et house jusqu'au petit matin, avec les résidents de l'association.",
    description:
      "<p>Six heures de musique avec nos résidents et deux invités européens. Bar, vestiaire et espace chill-out sur place.</p><p>Interdit aux moins de 18 ans.</p>",
    status: "published",
    visibility: "public",
    startAt: at(-11, 23),
    endAt: at(-11, 30),
    addressName: "Le Transbordeur",
    addressLabel: "3 boulevard de Stalingrad, 69100 Villeurbanne",
    latitude: 45_783_600,
    longitude: 4_860_500,
    contactEmail: "contact@nuits-sonores.exemple.test",
    refundPolicy: "Billets ni repris ni échangés, sauf annulation de la soirée.",
    primaryColor: "#7c3aed",
    theme: "dark",
    eventCapacity: 1800,
    allowBilling: false,
    confirmationPageMessage: "C'est noté ! On se retrouve sur le dancefloor.",
    emailPdfMessage: "Billet à présenter à l'entrée avec une pièce d'identité.",
    createdAt: daysAgo(45),
    publishedAt: daysAgo(30),
    checkIns: true,
    tickets: [
      {
        key: "presale",
        ticketType: "ticket",
        title: "Prévente",
        description: "Tarif prévente, en nombre limité.",
        price: 2200,
        amount: 500,
        sellStartAt: daysAgo(30),
        maxPerOrder: 6,
        weight: 8,
      },
      { key: "full", ticketType: "ticket", title: "Tarif plein", description: "", price: 2800, weight: 4 },
      {
        key: "student",
        ticketType: "ticket",
        title: "Tarif réduit — étudiant",
        description: "Sur présentation d'une carte étudiante à l'entrée.",
        price: 1800,
        amount: 200,
        weight: 3,
      },
      {
        key: "tshirt",
        ticketType: "addon",
        title: "T-shirt édition limitée",
        description: "Coton bio, sérigraphié à Lyon. Retrait au stand merch.",
        price: 2000,
        amount: 150,
        weight: 2,
      },
      {
        key: "cloakroom",
        ticketType: "addon",
        title: "Vestiaire",
        description: "Un dépôt pour la nuit.",
        price: 200,
        weight: 3,
      },
    ],
    promos: [
      {
        code: "TRANSBO5",
        discountType: "amount",
        discountValue: 500,
        maxUses: 100,
        startAt: daysAgo(30),
        endAt: at(-11, 23),
      },
    ],
    forms: [
      { formType: "before", title: "Informations de commande", questions: [DISCOVERY_QUESTION, RULES_QUESTION] },
      {
        formType: "before-tickets",
        title: "Informations participant",
        questions: [
          {
            title: "Première soirée avec l'association ?",
            description: "",
            mandatory: false,
            type: "unique-choice",
            options: ["Oui", "Non"],
            answerRate: 0.5,
          },
        ],
      },
    ],
    sales: {
      start: daysAgo(30),
      end: at(-11, 23),
      orders: 620,
      ticketsPerOrder: [40, 38, 12, 10],
      addonRate: 0.25,
      promoRate: 0.1,
      answerRate: 0.8,
    },
  };

  const apero: EventSpec = {
    key: "apero",
    organization: "nuits",
    createdBy: "manager",
    title: "Apéro-concert sur les quais",
    smallDescription: "Un trio jazz-électro sur le pont d'une péniche, au coucher du soleil.",
    description:
      "<p>Le collectif <strong>Quai Sud</strong> joue ses compositions entre jazz et musiques électroniques. Planches apéro préparées par un traiteur du quartier.</p>",
    status: "archived",
    visibility: "public",
    startAt: at(-21, 18, 30),
    endAt: at(-21, 22, 30),
    addressName: "Péniche Le Sirius",
    addressLabel: "4 quai Augagneur, 69003 Lyon",
    latitude: 45_759_000,
    longitude: 4_840_500,
    contactEmail: "contact@nuits-sonores.exemple.test",
    refundPolicy: null,
    primaryColor: "#ea580c",
    theme: "light",
    eventCapacity: 180,
    allowBilling: false,
    confirmationPageMessage: "Merci ! Rendez-vous sur la péniche.",
    emailPdfMessage: "Embarquement à partir de 18 h.",
    createdAt: daysAgo(38),
    publishedAt: daysAgo(30),
    tickets: [
      { key: "entry", ticketType: "ticket", title: "Entrée", description: "", price: 1200, weight: 5 },
      {
        key: "drink",
        ticketType: "ticket",
        title: "Entrée + boisson",
        description: "Une boisson au choix au bar.",
        price: 1600,
        weight: 4,
      },
      {
        key: "board",
        ticketType: "addon",
        title: "Planche apéro à partager",
        description: "Charcuterie, fromages et légumes de saison, pour 2 à 3 personnes.",
        price: 1400,
        amount: 50,
        weight: 1,
      },
    ],
    promos: [
      { code: "QUAIS10", discountType: "percent", discountValue: 1000, startAt: daysAgo(30), endAt: at(-21, 18) },
    ],
    forms: [
      { formType: "before", title: "Informations de commande", questions: [DISCOVERY_QUESTION] },
      { formType: "before-tickets", title: "Informations participant", questions: [] },
    ],
    sales: {
      start: daysAgo(30),
      end: at(-21, 18, 30),
      orders: 140,
      ticketsPerOrder: [35, 45, 12, 8],
      addonRate: 0.2,
      promoRate: 0.1,
      answerRate: 0.7,
    },
  };

  const talk: EventSpec = {
    key: "talk",
    organization: "nuits",
    createdBy: "adminOrg",
    title: "Table ronde : musiques électroniques et vie nocturne",
    smallDescription:
      "Artistes, élus et habitants débattent de la place de la fête dans la ville. Entrée libre sur réservation.",
    description:
      "<p>Comment concilier vie nocturne, création et tranquillité des riverains ? Une rencontre ouverte à toutes et à tous, animée par une journaliste de la radio locale, suivie d'un atelier d'initiation aux synthétiseurs.</p>",
    status: "published",
    visibility: "public",
    startAt: at(6, 18, 30),
    endAt: at(6, 20, 30),
    addressName: "Bibliothèque municipale de la Part-Dieu",
    addressLabel: "30 boulevard Marius Vivier Merle, 69003 Lyon",
    latitude: 45_760_800,
    longitude: 4_858_000,
    contactEmail: "contact@nuits-sonores.exemple.test",
    refundPolicy: null,
    primaryColor: "#2563eb",
    theme: "light",
    eventCapacity: 190,
    allowBilling: false,
    confirmationPageMessage:
      "Votre place est réservée. Merci de prévenir si vous ne pouvez pas venir : d'autres personnes attendent !",
    emailPdfMessage: "Entrée par le hall principal, salle de conférence au 1er étage.",
    createdAt: daysAgo(26),
    publishedAt: daysAgo(21),
    tickets: [
      {
        key: "free",
        ticketType: "ticket",
        title: "Entrée libre sur réservation",
        description: "",
        price: 0,
        amount: 180,
        maxPerOrder: 2,
        weight: 20,
      },
      {
        key: "pmr",
        ticketType: "ticket",
        title: "Place réservée — personne à mobilité réduite",
        description: "Places accessibles au premier rang.",
        price: 0,
        amount: 10,
        maxPerOrder: 2,
        weight: 1,
      },
      {
        key: "workshop",
        ticketType: "addon",
        title: "Atelier d'initiation aux synthétiseurs",
        description: "De 20 h 30 à 21 h 30, 24 places.",
        price: 0,
        amount: 24,
        maxPerOrder: 2,
        weight: 1,
      },
    ],
    promos: [],
    forms: [
      { formType: "before", title: "", questions: [POSTAL_CODE_QUESTION] },
      { formType: "before-tickets", title: "Informations participant", questions: [] },
    ],
    sales: {
      start: daysAgo(21),
      end: reference,
      orders: 160,
      ticketsPerOrder: [60, 40, 0, 0],
      addonRate: 0.15,
      promoRate: 0,
      answerRate: 0.9,
    },
  };

  const draft: EventSpec = {
    key: "draft",
    organization: "nuits",
    createdBy: "manager",
    title: "Carte blanche aux collectifs lyonnais",
    smallDescription: "",
    description: "",
    status: "draft",
    visibility: "public",
    startAt: at(75, 20),
    endAt: at(75, 26),
    addressName: "Le Sucre",
    addressLabel: "50 quai Rambaud, 69002 Lyon",
    latitude: 45_738_100,
    longitude: 4_815_600,
    contactEmail: "contact@nuits-sonores.exemple.test",
    refundPolicy: null,
    primaryColor: "#4f46e5",
    theme: "light",
    eventCapacity: -1,
    allowBilling: false,
    confirmationPageMessage: "",
    emailPdfMessage: "",
    createdAt: daysAgo(3),
    publishedAt: null,
    tickets: [{ key: "presale", ticketType: "ticket", title: "Prévente", description: "", price: 1500, weight: 1 }],
    promos: [],
    forms: [],
  };

  const misanthrope: EventSpec = {
    key: "misanthrope",
    organization: "theatre",
    createdBy: "theatre",
    title: "Le Misanthrope, de Molière",
    smallDescription: "Alceste contre les faux-semblants : la compagnie du Quai revisite le classique de Molière.",
    description:
      "<p>Mise en scène de <strong>Laure Vasseur</strong>, avec la troupe permanente du théâtre. Durée : 2 h 15 avec entracte.</p>",
    status: "published",
    visibility: "public",
    startAt: at(14, 20),
    endAt: at(14, 22, 15),
    addressName: "Théâtre du Quai",
    addressLabel: "12 quai Saint-Vincent, 69001 Lyon",
    latitude: 45_767_600,
    longitude: 4_823_200,
    contactEmail: "billetterie@theatre-du-quai.exemple.test",
    refundPolicy: "Échange possible jusqu'à 48 heures avant la représentation.",
    primaryColor: "#b45309",
    theme: "light",
    eventCapacity: 220,
    allowBilling: false,
    confirmationPageMessage:
      "Merci de votre réservation. Le placement est libre, ouverture des portes 30 minutes avant.",
    emailPdfMessage: "Présentez ce billet à l'accueil du théâtre.",
    createdAt: daysAgo(35),
    publishedAt: daysAgo(27),
    tickets: [
      { key: "full", ticketType: "ticket", title: "Plein tarif", description: "", price: 2600, weight: 5 },
      {
        key: "reduced",
        ticketType: "ticket",
        title: "Tarif réduit",
        description: "Demandeurs d'emploi, plus de 65 ans.",
        price: 1600,
        weight: 2,
      },
      { key: "young", ticketType: "ticket", title: "Moins de 26 ans", description: "", price: 1000, weight: 2 },
      { key: "programme", ticketType: "addon", title: "Programme de salle", description: "", price: 500, weight: 1 },
    ],
    promos: [{ code: "ABONNE20", discountType: "percent", discountValue: 2000 }],
    forms: [{ formType: "before-tickets", title: "Spectateur", questions: [] }],
    sales: {
      start: daysAgo(27),
      end: reference,
      orders: 90,
      ticketsPerOrder: [30, 50, 10, 10],
      addonRate: 0.2,
      promoRate: 0.1,
      answerRate: 0,
    },
  };

  const reading: EventSpec = {
    key: "reading",
    organization: "theatre",
    createdBy: "theatre",
    title: "Lecture publique : écritures d'aujourd'hui",
    smallDescription: "Trois autrices lisent des extraits de leurs pièces en cours d'écriture.",
    description: "",
    status: "draft",
    visibility: "public",
    startAt: at(40, 19),
    endAt: at(40, 21),
    addressName: "Théâtre du Quai — petite salle",
    addressLabel: "12 quai Saint-Vincent, 69001 Lyon",
    latitude: 45_767_600,
    longitude: 4_823_200,
    contactEmail: "billetterie@theatre-du-quai.exemple.test",
    refundPolicy: null,
    primaryColor: "#b45309",
    theme: "light",
    eventCapacity: 60,
    allowBilling: false,
    confirmationPageMessage: "",
    emailPdfMessage: "",
    createdAt: daysAgo(6),
    publishedAt: null,
    tickets: [],
    promos: [],
    forms: [],
  };

  return [festival, partners, transbordeur, apero, talk, draft, misanthrope, reading];
}

export const SCALE_EVENT_TITLE = "Grand Festival";

/** The optional event for scale work (`--participants N`). */
export function buildGrandFestival(reference: Date, participants: number): EventSpec {
  const at = (days: number, hour: number, minute = 0) => parisTime(reference, days, hour, minute);
  const daysAgo = (days: number) => new Date(reference.getTime() - days * DAY);
  return {
    key: "grand-festival",
    organization: "nuits",
    createdBy: "owner",
    title: SCALE_EVENT_TITLE,
    smallDescription: "Trois jours de concerts en plein air à Eurexpo : l'événement pour les tests de charge.",
    description:
      "<p>Trois jours, cinq scènes et plus de soixante artistes. Camping et navettes depuis la Part-Dieu.</p>",
    status: "published",
    visibility: "public",
    startAt: at(60, 14),
    endAt: at(62, 26),
    addressName: "Eurexpo Lyon",
    addressLabel: "Boulevard de l'Europe, 69680 Chassieu",
    latitude: 45_731_600,
    longitude: 4_949_700,
    contactEmail: "festival@nuits-sonores.exemple.test",
    refundPolicy: "Billets remboursables jusqu'à 30 jours avant le festival.",
    primaryColor: "#16a34a",
    theme: "dark",
    eventCapacity: -1,
    allowBilling: true,
    confirmationPageMessage: "Merci pour votre commande !",
    emailPdfMessage: "Présentez ce billet à l'entrée.",
    createdAt: daysAgo(45),
    publishedAt: daysAgo(30),
    tickets: [
      { key: "pass3", ticketType: "ticket", title: "Pass 3 jours", description: "", price: 14900, weight: 5 },
      { key: "day", ticketType: "ticket", title: "Pass 1 jour", description: "", price: 6500, weight: 4 },
      {
        key: "camping",
        ticketType: "ticket",
        title: "Pass 3 jours + camping",
        description: "",
        price: 18900,
        weight: 2,
      },
      {
        key: "invitation",
        ticketType: "ticket",
        title: "Invitation",
        description: "",
        price: 0,
        visibility: "hidden",
        weight: 0,
        invitation: true,
      },
      {
        key: "shuttle",
        ticketType: "addon",
        title: "Navette aller-retour Part-Dieu",
        description: "",
        price: 1200,
        weight: 2,
      },
      { key: "locker", ticketType: "addon", title: "Casier", description: "", price: 800, weight: 1 },
    ],
    promos: [{ code: "GRAND10", discountType: "percent", discountValue: 1000 }],
    forms: [],
    sales: {
      start: daysAgo(30),
      end: reference,
      orders: Math.ceil(participants / 2),
      ticketsPerOrder: [40, 35, 15, 10],
      addonRate: 0.2,
      promoRate: 0.08,
      answerRate: 0,
    },
  };
}

const PARTNER_COMPANIES = [
  "Métropole de Lyon",
  "Brasserie des Quais",
  "Radio Canut",
  "Imprimerie Rhône Offset",
  "Fondation Lumière Mécénat",
  "Cabinet Laporte & associés",
  "Librairie du Tramway",
  "Salle Le Périscope",
];

export interface ContactSpec {
  organization: OrganizationKey;
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
  isRead: boolean;
  daysAgo: number;
  hour: number;
}

export const CONTACT_ENTRIES: ContactSpec[] = [
  {
    organization: "nuits",
    firstName: "Margaux",
    lastName: "Delaunay",
    email: "margaux.delaunay@exemple.test",
    subject: "Billet non reçu",
    message:
      "Bonjour, j'ai commandé deux Pass 2 nuits hier soir mais je n'ai pas reçu l'email avec les billets. Pouvez-vous me les renvoyer ? Merci d'avance.",
    isRead: false,
    daysAgo: 1,
    hour: 9,
  },
  {
    organization: "nuits",
    firstName: "Karim",
    lastName: "Haddad",
    email: "karim.haddad@exemple.test",
    subject: "Accessibilité fauteuil roulant",
    message:
      "Bonjour, je me déplace en fauteuil. La Sucrière est-elle accessible et existe-t-il une plateforme surélevée devant la scène principale ?",
    isRead: false,
    daysAgo: 2,
    hour: 14,
  },
  {
    organization: "nuits",
    firstName: "Élise",
    lastName: "Marchand",
    email: "elise.marchand@exemple.test",
    subject: "Devenir bénévole",
    message:
      "Bonjour ! J'aimerais rejoindre l'équipe de bénévoles pour le festival. J'ai déjà tenu un bar associatif. Comment faut-il s'inscrire ?",
    isRead: true,
    daysAgo: 5,
    hour: 20,
  },
  {
    organization: "nuits",
    firstName: "Thomas",
    lastName: "Weber",
    email: "thomas.weber@exemple.test",
    subject: "Changement de nom sur un billet",
    message:
      "Bonjour, mon amie ne pourra pas venir samedi. Est-il possible de mettre le billet au nom de mon frère ? Commande passée il y a deux semaines.",
    isRead: true,
    daysAgo: 8,
    hour: 11,
  },
  {
    organization: "nuits",
    firstName: "Nathalie",
    lastName: "Guichard",
    email: "n.guichard@exemple.test",
    subject: "Demande de facture",
    message:
      "Bonjour, pour notre comité d'entreprise j'aurais besoin d'une facture au nom de la société pour les 12 places achetées. Merci.",
    isRead: false,
    daysAgo: 11,
    hour: 16,
  },
  {
    organization: "nuits",
    firstName: "Yanis",
    lastName: "Benoît",
    email: "yanis.benoit@exemple.test",
    subject: "Objet perdu au Transbordeur",
    message:
      "Bonsoir, j'ai oublié une veste en jean noire au vestiaire lors de la dernière nuit électro. Quelqu'un l'a-t-il retrouvée ?",
    isRead: true,
    daysAgo: 9,
    hour: 13,
  },
  {
    organization: "nuits",
    firstName: "Sandrine",
    lastName: "Aubry",
    email: "sandrine.aubry@exemple.test",
    subject: "Proposition de partenariat",
    message:
      "Bonjour, je gère une brasserie artisanale à Villeurbanne et nous serions ravis de tenir un bar sur le festival. Pouvons-nous en discuter ?",
    isRead: false,
    daysAgo: 15,
    hour: 10,
  },
  {
    organization: "theatre",
    firstName: "Hélène",
    lastName: "Lemaître",
    email: "helene.lemaitre@exemple.test",
    subject: "Réservation pour un groupe scolaire",
    message:
      "Bonjour, je suis professeure de français et souhaiterais réserver 28 places pour une classe de première. Proposez-vous un tarif de groupe ?",
    isRead: false,
    daysAgo: 3,
    hour: 15,
  },
  {
    organization: "theatre",
    firstName: "Olivier",
    lastName: "Pichon",
    email: "olivier.pichon@exemple.test",
    subject: "Horaires",
    message: "Bonjour, à quelle heure se termine la représentation du Misanthrope ? Merci.",
    isRead: true,
    daysAgo: 6,
    hour: 18,
  },
];
