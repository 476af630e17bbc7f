/** Help destinations (spec §2 help menu), opened in a new tab. */
export const externalLinks = {
  documentation: "https://docs.guichet.app",
  customNeeds: "https://guichet.app/besoins-sur-mesure",
  contactSupport: "mailto:support@guichet.app",
} as const;
