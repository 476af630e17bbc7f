import { eventSlug } from "../events/event-slug";

/** The organization's public page on Guichet (issue 12 §8): /organizers/{id}/{slug of the title}. */
export function organizationPagePath(organization: { id: number; title: string }): string {
  return `/organizers/${organization.id}/${eventSlug(organization.title)}`;
}
