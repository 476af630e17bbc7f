/**
 * Organization pictures (spec §3/§9): the logo is square (1:1), the cover 3:1 (1200 × 400). The browser crops and
 * resizes them to these WebP sizes; the server checks and stores them in R2 under organizers/{id}/….
 */
export const ORGANIZATION_IMAGE_KINDS = ["logo", "cover"] as const;
export type OrganizationImageKind = (typeof ORGANIZATION_IMAGE_KINDS)[number];

export const ORGANIZATION_IMAGE_SIZES: Record<OrganizationImageKind, readonly { width: number; height: number }[]> = {
  logo: [
    { width: 400, height: 400 },
    { width: 160, height: 160 },
  ],
  cover: [
    { width: 1200, height: 400 },
    { width: 600, height: 200 },
  ],
};

/** The size whose URL is stored in main_picture (logo) or cover_picture (cover). */
export const ORGANIZATION_IMAGE_MAIN_WIDTH: Record<OrganizationImageKind, number> = { logo: 400, cover: 1200 };

export const ORGANIZATION_IMAGE_ASPECT: Record<OrganizationImageKind, number> = { logo: 1, cover: 3 };

/** The multipart field of one size, e.g. "logo-400". */
export const organizationImagePartName = (kind: OrganizationImageKind, width: number) => `${kind}-${width}`;

export const organizationImagePrefix = (organizationId: number, kind: OrganizationImageKind, hash8: string) =>
  `organizers/${organizationId}/${kind}-${hash8}`;
