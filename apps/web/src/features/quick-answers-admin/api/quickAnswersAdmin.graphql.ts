import { graphql } from '../../../gql';
import type { AdminQuickAnswersQuery } from '../../../gql/graphql';
import { jsonObject } from '../../../lib/json';

/** 02 §3 Quick answer file: {name, url, fileType, weight, key, mimeType}. */
export interface QuickAnswerFileView {
  name?: string | null;
  url?: string;
  fileType?: string;
  mimeType?: string;
  weight?: number | null;
  key?: string;
}

export type AdminQuickAnswer = Omit<AdminQuickAnswersQuery['quickAnswers'][number], 'file'> & {
  file: QuickAnswerFileView | null;
};

/** The `file` JSON of a quick answer as its view (every key optional, as stored), or null. */
export function quickAnswerFile(file: unknown): QuickAnswerFileView | null {
  return jsonObject(file) as QuickAnswerFileView | null;
}

export function toAdminQuickAnswer(answer: AdminQuickAnswersQuery['quickAnswers'][number]): AdminQuickAnswer {
  return { ...answer, file: quickAnswerFile(answer.file) };
}

export type QuickAnswerOrder = 'asc' | 'desc';

export const ADMIN_QUICK_ANSWERS_QUERY = graphql(`
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
`);

export const ADMIN_QUICK_ANSWER_QUERY = graphql(`
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
`);

export const DELETE_QUICK_ANSWER_MUTATION = graphql(`
  mutation AdminDeleteQuickAnswer($id: Int!) {
    deleteQuickAnswer(id: $id) {
      id
    }
  }
`);
