import { UnorderedListOutlined } from '@ant-design/icons';
import type { InteractiveMessage } from '@crm/shared';
import { useState } from 'react';
import './simulator-menu.css';

/** An option the customer taps: a reply button or a list row. */
export interface MenuOption {
  id: string;
  title: string;
  description?: string;
}

interface SimulatorMenuProps {
  interactive: InteractiveMessage;
  /** Taps the option; absent while the customer cannot write (no channel or no valid phone). */
  onTap?: (option: MenuOption) => void;
}

/**
 * A bot's menu as the customer's WhatsApp shows it under the message: up to 3 reply buttons, or one button that
 * opens the list of rows. A tap sends the option as WhatsApp's button_reply or list_reply would.
 */
export function SimulatorMenu({ interactive, onTap }: SimulatorMenuProps) {
  const [open, setOpen] = useState(false);
  const disabled = onTap === undefined;
  if (interactive.kind === 'buttons') {
    return (
      <div className="sim-menu" data-testid="simulator-buttons">
        {interactive.buttons.map((button) => (
          <button
            type="button"
            key={button.id}
            className="sim-menu-button"
            disabled={disabled}
            onClick={() => onTap?.(button)}
          >
            {button.title}
          </button>
        ))}
      </div>
    );
  }
  return (
    <div className="sim-menu" data-testid="simulator-list">
      <button
        type="button"
        className="sim-menu-button"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
      >
        <UnorderedListOutlined aria-hidden="true" /> {interactive.button}
      </button>
      {open ? (
        <ul className="sim-menu-rows" aria-label={interactive.button}>
          {interactive.rows.map((row) => (
            <li key={row.id}>
              <button
                type="button"
                className="sim-menu-row"
                disabled={disabled}
                onClick={() => {
                  setOpen(false);
                  onTap?.(row);
                }}
              >
                <span className="sim-menu-row-title">{row.title}</span>
                {row.description ? <span className="sim-menu-row-description">{row.description}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
