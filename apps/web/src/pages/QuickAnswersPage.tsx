import { QuickAnswersList } from '../features/quick-answers-admin/components/QuickAnswersList';

// 01 §2.2 /quickAnswers.
export function QuickAnswersPage() {
  return <QuickAnswersList />;
}
