import { gql, type TypedDocumentNode } from '@apollo/client';

/** 02 §3 Quick answer: the shortcut comes without its leading slash. */
export interface QuickAnswer {
  id: number;
  shortcut: string;
  /** With the {{nombre_cliente}} and {{nombre_agente}} placeholders. */
  text: string;
  /** JSON: {id, name, url, fileType, weight, key} when the answer carries a file. */
  file: Record<string, unknown> | null;
}

export const QUICK_ANSWERS_QUERY: TypedDocumentNode<
  { quickAnswers: QuickAnswer[] },
  Record<string, never>
> = gql`
    query WindowQuickAnswers {
      quickAnswers {
        id
        shortcut
        text
        file
      }
    }
  `;

export const USE_QUICK_ANSWER_MUTATION: TypedDocumentNode<
  { useQuickAnswer: { id: number } },
  { id: number }
> = gql`
  mutation WindowUseQuickAnswer($id: Int!) {
    useQuickAnswer(id: $id) {
      id
    }
  }
`;
