import type { PendingInvitation } from "#domain/invitations/invitation-rules";

/**
 * A pending invitation as the API answers it (issue 24 §2): what POST /organizers/:id/members and POST
 * /events/:id/accesses create instead of a membership. Never the link's token.
 */
export const invitationJson = (invitation: PendingInvitation) => ({
  invitation_id: invitation.id,
  status: "pending" as const,
  email: invitation.email,
  role: invitation.role,
  event: invitation.eventId,
  event_roles: invitation.eventRoles,
  invited_by: invitation.invitedBy,
  created_at: invitation.createdAt.toISOString(),
  expires_at: invitation.expiresAt.toISOString(),
});
