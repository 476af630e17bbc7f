import type { Database } from "#db/database";
import type { Actor } from "../shared/actor";
import type { SelfServiceSettings } from "../self-service/self-service-rules";
import { eventPermissions, loadEventForActor } from "./event-access";
import { publicEventPath, type PrivateLinkEnv } from "./private-event-link";

export type EventSettingsView = SelfServiceSettings & {
  metaPixelId: string;
  allowBilling: boolean;
  /** How long a waiting-list offer holds its places (issue 28 §3), in hours. */
  waitingListHoldHours: number;
  visibility: "public" | "private";
  status: "draft" | "published" | "archived";
  /** The private link as it is now (`?t=` at the current version), shown to those who may regenerate it. */
  privateLinkPath: string | null;
  canUpdate: boolean;
  /** 'Régénérer le lien privé' needs event:publish, like choosing the visibility when publishing. */
  canRegeneratePrivateLink: boolean;
};

/** Spec §2 event settings page: what it shows and what the actor may change there (not found → 404). */
export async function getEventSettings(
  db: Database,
  actor: Actor,
  input: { eventId: number; env: PrivateLinkEnv },
): Promise<EventSettingsView> {
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const permissions = eventPermissions(actor, scope);
  return {
    metaPixelId: event.metaPixelId,
    allowBilling: event.allowBilling,
    selfServiceEdit: event.selfServiceEdit,
    selfServiceEditBefore: event.selfServiceEditBefore,
    selfServiceEditUnit: event.selfServiceEditUnit,
    selfServiceTransfer: event.selfServiceTransfer,
    selfServiceTransferBefore: event.selfServiceTransferBefore,
    selfServiceTransferUnit: event.selfServiceTransferUnit,
    selfServiceCancel: event.selfServiceCancel,
    selfServiceCancelBefore: event.selfServiceCancelBefore,
    selfServiceCancelUnit: event.selfServiceCancelUnit,
    selfServiceCancelRefund: event.selfServiceCancelRefund,
    selfServiceCancelPercentage: event.selfServiceCancelPercentage,
    waitingListHoldHours: event.waitingListHoldHours,
    visibility: event.visibility,
    status: event.status,
    privateLinkPath: permissions.canPublish ? publicEventPath(input.env, { ...event, visibility: "private" }) : null,
    canUpdate: permissions.canUpdate,
    canRegeneratePrivateLink: permissions.canPublish,
  };
}
