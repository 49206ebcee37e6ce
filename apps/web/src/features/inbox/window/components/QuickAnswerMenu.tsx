import { QuickAnswerText } from '../../../quick-answers-admin/components/QuickAnswerText';
import type { QuickAnswer } from '../api/quickAnswers.graphql';

export interface QuickAnswerMenuProps {
  query: string;
  answers: readonly QuickAnswer[];
  activeIndex: number;
  onChoose: (answer: QuickAnswer) => void;
  onHover: (index: number) => void;
}

export const quickAnswerOptionId = (id: number): string => `cw-quick-answer-${id}`;

/** The '/' menu above the composer: the answers whose shortcut matches what follows the slash. */
export function QuickAnswerMenu({ query, answers, activeIndex, onChoose, onHover }: QuickAnswerMenuProps) {
  return (
    <div className="cw-quick-menu" data-testid="quick-answer-menu">
      <div className="cw-quick-menu-title">Respuestas rápidas</div>
      {answers.length === 0 ? (
        <div className="cw-quick-menu-empty">
          {query ? `Ninguna respuesta rápida coincide con /${query}` : 'Aún no hay respuestas rápidas'}
        </div>
      ) : (
        <div
          className="cw-quick-menu-list"
          role="listbox"
          id="cw-quick-answers"
          aria-label="Respuestas rápidas"
        >
          {answers.map((answer, index) => (
            <div
              key={answer.id}
              tabIndex={-1}
              id={quickAnswerOptionId(answer.id)}
              role="option"
              aria-selected={index === activeIndex}
              className={index === activeIndex ? 'cw-quick-option cw-quick-option-active' : 'cw-quick-option'}
              data-testid="quick-answer-option"
              // The textarea keeps the focus (and its caret) while the agent clicks an option.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(answer)}
              // The composer's textarea drives the menu with the keyboard; this covers a focused option.
              onKeyDown={(event) => {
                if (event.key === 'Enter') onChoose(answer);
              }}
              onMouseEnter={() => onHover(index)}
            >
              <span className="cw-quick-shortcut">/{answer.shortcut}</span>
              {/* Issue 19: the placeholders as the same friendly chips the quick-answer list shows. */}
              <span className="cw-quick-text">
                <QuickAnswerText text={answer.text} />
              </span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
