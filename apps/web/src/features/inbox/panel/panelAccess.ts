import type { PermissionMap } from '@crm/shared';

/** What the client info panel lets the signed-in user see and do (02 §3 permission flags). */
export interface PanelAccess {
  /** 02 §5: the phone appears only with canSeePhoneNumber. */
  seePhone: boolean;
  editTags: boolean;
  reassign: boolean;
  /** Scheduled messages and the follow-up flag. */
  followUp: boolean;
  deleteConversation: boolean;
  /** coldBot: tag the conversation as cold. */
  markCold: boolean;
}

export function panelAccess(permissions: PermissionMap): PanelAccess {
  return {
    seePhone: permissions.canSeePhoneNumber === true,
    editTags: permissions.tagConversations === true,
    reassign: permissions.reasignConversations === true,
    followUp: permissions.followUp === true,
    deleteConversation: permissions.deleteConversations === true,
    markCold: permissions.coldBot === true,
  };
}
