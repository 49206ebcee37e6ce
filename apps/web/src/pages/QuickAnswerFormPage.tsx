import { useSearchParams } from 'react-router';
import { QuickAnswerForm } from '../features/quick-answers-admin/components/QuickAnswerForm';

// 01 §2.2 /quickAnswers/new; with ?id= it edits that answer.
export function QuickAnswerFormPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  // A different answer is a fresh form.
  return <QuickAnswerForm key={id ?? 'new'} id={id} />;
}
