import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import type { ConversationView } from '@crm/shared';
import { useCallback, useState } from 'react';
import { handleError } from '../../../../lib/errors';
import { toast } from '../../../../lib/toast';
import {
  ADD_TAG_MUTATION,
  CLOSE_MUTATION,
  MARK_COLD_MUTATION,
  MARK_UNREAD_MUTATION,
  REMOVE_TAG_MUTATION,
  REOPEN_MUTATION,
  SET_ARCHIVED_MUTATION,
  SET_CATEGORY_MUTATION,
  SET_FOLLOW_UP_FLAG_MUTATION,
  SET_VALUABLE_MUTATION,
} from '../api/panel.graphql';
import { deleteConversation, reassignAgent, reassignToGroup, sendToCrm } from '../api/panel.rest';

export type PanelActionKey =
  | 'archive'
  | 'valuable'
  | 'followUp'
  | 'unread'
  | 'close'
  | 'reopen'
  | 'crm'
  | 'delete'
  | 'tag'
  | 'cold'
  | 'agent'
  | 'category';

export const PANEL_TEXTS = {
  archived: 'Conversación archivada',
  unarchived: 'Conversación desarchivada',
  valuable: 'Conversación marcada como valiosa',
  notValuable: 'La conversación ya no es valiosa',
  followUpOn: 'Seguimiento activado',
  followUpOff: 'Seguimiento desactivado',
  unread: 'Conversación marcada como no leída',
  closed: 'Conversación cerrada',
  closedWithSurvey: 'Conversación cerrada y encuesta enviada',
  surveyNotSent: 'La conversación se cerró, pero no se pudo enviar la encuesta',
  reopened: 'Conversación reabierta',
  crm: 'Información enviada al CRM',
  deleted: 'Conversación eliminada',
  reassigned: 'Agente asignado',
  unassigned: 'Conversación sin asignar',
  toGroup: 'Conversación enviada al grupo',
  cold: 'Conversación marcada como fría',
} as const;

export interface ConversationActions {
  pending: ReadonlySet<PanelActionKey>;
  setArchived: (archived: boolean) => Promise<void>;
  setValuable: (valuable: boolean) => Promise<void>;
  setFollowUpFlag: (followUp: boolean) => Promise<void>;
  markUnread: () => Promise<void>;
  close: (sendSurvey: boolean) => Promise<void>;
  reopen: () => Promise<void>;
  sendToCrm: () => Promise<void>;
  remove: () => Promise<boolean>;
  addTag: (tagId: number) => Promise<void>;
  removeTag: (tagId: number) => Promise<void>;
  markCold: () => Promise<void>;
  reassign: (agentId: number | null) => Promise<void>;
  reassignToGroup: (groupAdminId: number) => Promise<void>;
  setCategory: (categoryId: number | null) => Promise<void>;
}

/**
 * The panel's conversation actions (02 §1, §4). Each answers the conversation's new view, handed to `onAnswer`
 * so the panel shows it at once; the list's real-time event brings the same state a moment later. A failure
 * shows the server's Spanish message as a toast.
 */
export function useConversationActions(
  clientId: number,
  onAnswer: (view: ConversationView) => void,
): ConversationActions {
  const client = useApolloClient();
  const [pending, setPending] = useState<ReadonlySet<PanelActionKey>>(new Set());

  /** Runs one action, marks it pending meanwhile; a failure becomes the server's Spanish toast. */
  const attempt = useCallback(
    async <T>(key: PanelActionKey, work: () => Promise<T>): Promise<{ value: T } | null> => {
      setPending((current) => new Set(current).add(key));
      try {
        return { value: await work() };
      } catch (error) {
        handleError(error);
        return null;
      } finally {
        setPending((current) => {
          const next = new Set(current);
          next.delete(key);
          return next;
        });
      }
    },
    [],
  );

  /** An action answering the conversation's new view: shown at once, then confirmed with a toast. */
  const act = useCallback(
    async (
      key: PanelActionKey,
      work: () => Promise<ConversationView | null | undefined>,
      success: string | null,
    ): Promise<boolean> => {
      const outcome = await attempt(key, work);
      if (!outcome) return false;
      if (outcome.value) onAnswer(outcome.value);
      if (success) toast.success(success);
      return true;
    },
    [attempt, onAnswer],
  );

  const mutateView = useCallback(
    async <K extends string, V extends OperationVariables>(
      mutation: TypedDocumentNode<{ [P in K]: ConversationView }, V>,
      field: K,
      variables: V,
    ): Promise<ConversationView | null> => {
      const { data } = await client.mutate({ mutation, variables });
      return data ? data[field] : null;
    },
    [client],
  );

  const setArchived = useCallback(
    async (archived: boolean) => {
      await act(
        'archive',
        () => mutateView(SET_ARCHIVED_MUTATION, 'setConversationArchived', { clientId, archived }),
        archived ? PANEL_TEXTS.archived : PANEL_TEXTS.unarchived,
      );
    },
    [act, mutateView, clientId],
  );

  const setValuable = useCallback(
    async (valuable: boolean) => {
      await act(
        'valuable',
        () => mutateView(SET_VALUABLE_MUTATION, 'setConversationValuable', { clientId, valuable }),
        valuable ? PANEL_TEXTS.valuable : PANEL_TEXTS.notValuable,
      );
    },
    [act, mutateView, clientId],
  );

  const setFollowUpFlag = useCallback(
    async (followUp: boolean) => {
      await act(
        'followUp',
        () => mutateView(SET_FOLLOW_UP_FLAG_MUTATION, 'setConversationFollowUp', { clientId, followUp }),
        followUp ? PANEL_TEXTS.followUpOn : PANEL_TEXTS.followUpOff,
      );
    },
    [act, mutateView, clientId],
  );

  const markUnread = useCallback(async () => {
    // The answer is only the unread count; the list's markAsUnread event updates the conversation.
    await act(
      'unread',
      async () => {
        await client.mutate({ mutation: MARK_UNREAD_MUTATION, variables: { clientId } });
        return null;
      },
      PANEL_TEXTS.unread,
    );
  }, [act, client, clientId]);

  const close = useCallback(
    async (sendSurvey: boolean) => {
      const outcome = await attempt('close', async () => {
        const { data } = await client.mutate({
          mutation: CLOSE_MUTATION,
          variables: { clientId, sendSurvey },
        });
        return data?.closeConversation ?? null;
      });
      if (!outcome) return;
      const surveySent = outcome.value?.surveySent ?? false;
      if (outcome.value) onAnswer(outcome.value.client);
      // The server closes even when the survey cannot go out (e.g. the reply window is closed): say so.
      if (sendSurvey && !surveySent) toast.warning(PANEL_TEXTS.surveyNotSent);
      else toast.success(surveySent ? PANEL_TEXTS.closedWithSurvey : PANEL_TEXTS.closed);
    },
    [attempt, client, clientId, onAnswer],
  );

  const reopen = useCallback(async () => {
    await act(
      'reopen',
      () => mutateView(REOPEN_MUTATION, 'reopenConversation', { clientId }),
      PANEL_TEXTS.reopened,
    );
  }, [act, mutateView, clientId]);

  const crm = useCallback(async () => {
    await act(
      'crm',
      async () => {
        await sendToCrm(clientId);
        return null;
      },
      PANEL_TEXTS.crm,
    );
  }, [act, clientId]);

  const remove = useCallback(
    () =>
      act(
        'delete',
        async () => {
          await deleteConversation(clientId);
          return null;
        },
        PANEL_TEXTS.deleted,
      ),
    [act, clientId],
  );

  const addTag = useCallback(
    async (tagId: number) => {
      await act('tag', () => mutateView(ADD_TAG_MUTATION, 'addTagToConversation', { clientId, tagId }), null);
    },
    [act, mutateView, clientId],
  );

  const removeTag = useCallback(
    async (tagId: number) => {
      await act(
        'tag',
        () => mutateView(REMOVE_TAG_MUTATION, 'removeTagFromConversation', { clientId, tagId }),
        null,
      );
    },
    [act, mutateView, clientId],
  );

  const markCold = useCallback(async () => {
    await act(
      'cold',
      () => mutateView(MARK_COLD_MUTATION, 'markConversationCold', { clientId }),
      PANEL_TEXTS.cold,
    );
  }, [act, mutateView, clientId]);

  const reassign = useCallback(
    async (agentId: number | null) => {
      await act(
        'agent',
        () => reassignAgent(clientId, agentId),
        agentId === null ? PANEL_TEXTS.unassigned : PANEL_TEXTS.reassigned,
      );
    },
    [act, clientId],
  );

  const toGroup = useCallback(
    async (groupAdminId: number) => {
      await act('agent', () => reassignToGroup(clientId, groupAdminId), PANEL_TEXTS.toGroup);
    },
    [act, clientId],
  );

  const setCategory = useCallback(
    async (categoryId: number | null) => {
      await act(
        'category',
        () => mutateView(SET_CATEGORY_MUTATION, 'setConversationCategory', { clientId, categoryId }),
        null,
      );
    },
    [act, mutateView, clientId],
  );

  return {
    pending,
    setArchived,
    setValuable,
    setFollowUpFlag,
    markUnread,
    close,
    reopen,
    sendToCrm: crm,
    remove,
    addTag,
    removeTag,
    markCold,
    reassign,
    reassignToGroup: toGroup,
    setCategory,
  };
}
