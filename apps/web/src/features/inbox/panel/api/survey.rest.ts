import type { SurveyAnswerView } from '@crm/shared';
import { apiGet } from '../../../../lib/http';

// 02 §7 GET /survey/last: the conversation's newest satisfaction survey (issue 17), null when it never got one.
export function lastSurvey(
  clientId: number,
  signal?: AbortSignal,
): Promise<{ survey: SurveyAnswerView | null }> {
  return apiGet(`/survey/last?clientId=${clientId}`, { signal });
}
