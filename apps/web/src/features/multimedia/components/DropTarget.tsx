import { InboxOutlined } from '@ant-design/icons';
import { useId, useState } from 'react';

interface DropTargetProps {
  copy: { ariaLabel: string; title: string; hint: string };
  testId: string;
  disabled?: boolean;
  /** Clicked: the caller opens its file input. */
  onOpen: () => void;
  onFiles: (files: File[]) => void;
}

/**
 * The drop area of the album and template uploads: click anywhere on it to choose, or drop files on it. Its button
 * shows the name it is called by (01 §2.9, one per type), so someone who speaks to the page can say what they see
 * (WCAG 2.5.3); the instructions beside it are its description.
 */
export function DropTarget({ copy, testId, disabled, onOpen, onFiles }: DropTargetProps) {
  const [dragging, setDragging] = useState(false);
  const describedBy = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the area takes mouse clicks and drops; its button is the keyboard's way in
    // biome-ignore lint/a11y/useKeyWithClickEvents: the button inside answers the keyboard
    <div
      className={`media-drop-zone${dragging ? ' media-drop-zone-active' : ''}${disabled ? ' media-drop-zone-disabled' : ''}`}
      data-testid={testId}
      onClick={disabled ? undefined : onOpen}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!disabled) onFiles([...event.dataTransfer.files]);
      }}
    >
      <InboxOutlined className="media-drop-icon" aria-hidden />
      <span id={describedBy}>
        <span className="media-drop-title">{copy.title}</span>
        <span className="media-drop-hint">{copy.hint}</span>
      </span>
      {/* The area's click opens the picker: the button's own click reaches it. */}
      <button type="button" className="media-drop-button" aria-describedby={describedBy} disabled={disabled}>
        {copy.ariaLabel}
      </button>
    </div>
  );
}
