import { SmileOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useState } from 'react';

// A small built-in set of the emojis agents use most; a full picker would be a new dependency.
export const COMMON_EMOJIS: readonly string[] = (
  '😀 😃 😄 😁 😊 🙂 😉 😍 😘 🤗 🤔 😅 😂 🤣 😇 😎 😢 😭 😮 😴 🙏 👍 👎 👌 ' +
  '👏 🙌 💪 🤝 👋 ✌️ ❤️ 💚 💙 🔥 ⭐ ✨ 🎉 🎁 ✅ ❌ ⚠️ 📦 🚚 🏠 📍 📞 💬 ⏰'
).split(' ');

export interface EmojiPickerProps {
  onPick: (emoji: string) => void;
  disabled?: boolean;
}

export function EmojiPicker({ onPick, disabled = false }: EmojiPickerProps) {
  const [open, setOpen] = useState(false);
  const grid = (
    <div className="cw-emoji-grid" data-testid="emoji-grid">
      {COMMON_EMOJIS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          className="cw-emoji"
          aria-label={emoji}
          onClick={() => {
            onPick(emoji);
            setOpen(false);
          }}
        >
          {emoji}
        </button>
      ))}
    </div>
  );
  return (
    <Popover content={grid} trigger="click" placement="topLeft" open={open} onOpenChange={setOpen}>
      <Button
        type="text"
        shape="circle"
        icon={<SmileOutlined />}
        aria-label="Insertar emoji"
        disabled={disabled}
        data-testid="emoji-button"
      />
    </Popover>
  );
}
