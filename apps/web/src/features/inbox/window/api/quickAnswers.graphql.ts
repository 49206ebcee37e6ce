import { graphql } from '../../../../gql';

import type { WindowQuickAnswersQuery } from '../../../../gql/graphql';

/**
 * 02 §3 Quick answer: the shortcut comes without its leading slash; the text has the {{nombre_cliente}} and
 * {{nombre_agente}} placeholders; `file` is JSON, {id, name, url, fileType, weight, key} when it carries a file.
 */
export type QuickAnswer = WindowQuickAnswersQuery['quickAnswers'][number];

export const QUICK_ANSWERS_QUERY = graphql(`
    query WindowQuickAnswers {
      quickAnswers {
        id
        shortcut
        text
        file
      }
    }
  `);

export const USE_QUICK_ANSWER_MUTATION = graphql(`
  mutation WindowUseQuickAnswer($id: Int!) {
    useQuickAnswer(id: $id) {
      id
    }
  }
`);
