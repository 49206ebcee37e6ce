import { gql, type TypedDocumentNode } from '@apollo/client';

/** 02 §3 Quick answer file: {name, url, fileType, weight, key, mimeType}. */
export interface QuickAnswerFileView {
  name?: string | null;
  url?: string;
  fileType?: string;
  mimeType?: string;
  weight?: number | null;
  key?: string;
}

export interface AdminQuickAnswer {
  id: number;
  spaceId: number;
  /** Without its leading '/'. */
  shortcut: string;
  text: string;
  file: QuickAnswerFileView | null;
  lastUse: string | null;
  frecuency: number;
  createdAt: string;
}

export type QuickAnswerOrder = 'asc' | 'desc';

export interface AdminQuickAnswersVariables {
  spaceId: number | null;
  order: QuickAnswerOrder;
  search: string | null;
}

export const ADMIN_QUICK_ANSWERS_QUERY: TypedDocumentNode<
  { quickAnswers: AdminQuickAnswer[] },
  AdminQuickAnswersVariables
> = gql`
  query AdminQuickAnswers($spaceId: Int, $order: String!, $search: String) {
    quickAnswers(spaceId: $spaceId, order: $order, search: $search) {
      id
      spaceId
      shortcut
      text
      file
      lastUse
      frecuency
      createdAt
    }
  }
`;

export const ADMIN_QUICK_ANSWER_QUERY: TypedDocumentNode<{ quickAnswer: AdminQuickAnswer }, { id: number }> =
  gql`
  query AdminQuickAnswer($id: Int!) {
    quickAnswer(id: $id) {
      id
      spaceId
      shortcut
      text
      file
      lastUse
      frecuency
      createdAt
    }
  }
`;

export const DELETE_QUICK_ANSWER_MUTATION: TypedDocumentNode<
  { deleteQuickAnswer: { id: number } },
  { id: number }
> = gql`
  mutation AdminDeleteQuickAnswer($id: Int!) {
    deleteQuickAnswer(id: $id) {
      id
    }
  }
`;
