import { InboxOutlined } from '@ant-design/icons';
import { useState } from 'react';

interface DropTargetProps {
  copy: { ariaLabel: string; title: string; hint: string };
  testId: string;
  disabled?: boolean;
  /** Clicked: the caller opens its file input. */
  onOpen: () => void;
  onFiles: (files: File[]) => void;
}

/** The drop area of the album and template uploads: click to choose, or drop files on it. */
export function DropTarget({ copy, testId, disabled, onOpen, onFiles }: DropTargetProps) {
  const [dragging, setDragging] = useState(false);
  return (
    <button
      type="button"
      className={`media-drop-zone${dragging ? ' media-drop-zone-active' : ''}`}
      aria-label={copy.ariaLabel}
      data-testid={testId}
      disabled={disabled}
      onClick={onOpen}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles([...event.dataTransfer.files]);
      }}
    >
      <InboxOutlined className="media-drop-icon" aria-hidden />
      <span className="media-drop-title">{copy.title}</span>
      <span className="media-drop-hint">{copy.hint}</span>
    </button>
  );
}
