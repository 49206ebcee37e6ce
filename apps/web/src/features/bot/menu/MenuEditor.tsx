import { ExclamationCircleFilled } from '@ant-design/icons';
import type { ChatbotMenu, ChatbotOption } from '@crm/shared';
import { Tag, Tree, Typography } from 'antd';
import type { DataNode, TreeProps } from 'antd/es/tree';
import { type Key, useMemo, useState } from 'react';
import type { MenuIssues } from './menuIssues';
import {
  ACTION_TYPE_LABELS,
  type DropPlace,
  dropOption,
  findOption,
  parentKeyOf,
  ROOT_KEY,
} from './menuTree';
import { type BotPickerData, NodeForm } from './NodeForm';

interface MenuEditorProps {
  menu: ChatbotMenu;
  onChange: (menu: ChatbotMenu) => void;
  issues: MenuIssues;
  pickers: BotPickerData;
  readOnly: boolean;
}

function nodeTitle(option: ChatbotOption, index: number, issues: MenuIssues) {
  const problems = issues.get(option.id);
  return (
    <span className="bot-tree-node" data-testid={`bot-node-${option.id}`}>
      <span className="bot-tree-label">
        {index + 1}. {option.label.trim() || <em>Sin texto</em>}
      </span>
      <Tag className="bot-tree-type">{ACTION_TYPE_LABELS[option.action.type]}</Tag>
      {problems && (
        <Typography.Text type="danger" className="bot-tree-issue" data-testid={`bot-node-issue-${option.id}`}>
          <ExclamationCircleFilled /> {problems[0]?.message}
        </Typography.Text>
      )}
    </span>
  );
}

function treeNodes(options: readonly ChatbotOption[], issues: MenuIssues): DataNode[] {
  return options.map((option, index) => ({
    key: option.id,
    title: nodeTitle(option, index, issues),
    isLeaf: option.action.type !== 'submenu',
    children: option.action.type === 'submenu' ? treeNodes(option.action.options, issues) : undefined,
  }));
}

function submenuKeys(options: readonly ChatbotOption[]): string[] {
  return options.flatMap((option) =>
    option.action.type === 'submenu' ? [option.id, ...submenuKeys(option.action.options)] : [],
  );
}

/**
 * The menu chatbot as a tree (02 §2 /bot, issue 17): the greeting at the root, the options under it and under
 * their sub-menus. Selecting a node opens its form beside the tree; options are reordered with the form's
 * buttons or by dragging them (into a sub-menu, or before or after another option).
 */
export function MenuEditor({ menu, onChange, issues, pickers, readOnly }: MenuEditorProps) {
  const [selected, setSelected] = useState<string>(ROOT_KEY);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  // A node deleted (or never there) leaves the root selected.
  const current = selected === ROOT_KEY || findOption(menu.options, selected) ? selected : ROOT_KEY;

  const rootIssues = issues.get(ROOT_KEY);
  const treeData: DataNode[] = useMemo(
    () => [
      {
        key: ROOT_KEY,
        title: (
          <span className="bot-tree-node" data-testid="bot-node-root">
            <span className="bot-tree-label">
              <strong>Saludo:</strong> {menu.greeting.trim() || <em>Sin saludo</em>}
            </span>
            {rootIssues && (
              <Typography.Text type="danger" className="bot-tree-issue" data-testid="bot-node-issue-root">
                <ExclamationCircleFilled /> {rootIssues[0]?.message}
              </Typography.Text>
            )}
          </span>
        ),
        children: treeNodes(menu.options, issues),
      },
    ],
    [menu, issues, rootIssues],
  );

  const expandedKeys = [ROOT_KEY, ...submenuKeys(menu.options)].filter((key) => !collapsed.has(key));

  const isSubmenu = (key: Key) => {
    if (key === ROOT_KEY) return true;
    return findOption(menu.options, String(key))?.action.type === 'submenu';
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragKey = String(info.dragNode.key);
    const dropKey = String(info.node.key);
    const position = info.node.pos.split('-');
    const relative = info.dropPosition - Number(position[position.length - 1]);
    let place: DropPlace;
    if (!info.dropToGap) place = { kind: 'inside', parentKey: dropKey };
    else if (dropKey === ROOT_KEY) return;
    else place = { kind: relative < 0 ? 'before' : 'after', targetId: dropKey };
    onChange(dropOption(menu, dragKey, place));
  };

  return (
    <div className="bot-editor">
      <div className="bot-tree-pane">
        <Tree
          data-testid="bot-tree"
          blockNode
          showLine
          treeData={treeData}
          selectedKeys={[current]}
          expandedKeys={expandedKeys}
          onExpand={(_keys, { node, expanded }) =>
            setCollapsed((previous) => {
              const next = new Set(previous);
              if (expanded) next.delete(String(node.key));
              else next.add(String(node.key));
              return next;
            })
          }
          onSelect={(keys) => {
            const key = keys[0];
            if (key !== undefined) setSelected(String(key));
          }}
          draggable={readOnly ? false : { icon: false, nodeDraggable: (node) => node.key !== ROOT_KEY }}
          allowDrop={({ dropNode, dropPosition }) =>
            dropPosition === 0 ? isSubmenu(dropNode.key) : dropNode.key !== ROOT_KEY
          }
          onDrop={onDrop}
        />
      </div>
      <div className="bot-form-pane">
        <NodeForm
          key={current}
          menu={menu}
          nodeKey={current}
          onChange={onChange}
          onSelect={setSelected}
          onDeleted={(id) => setSelected(parentKeyOf(menu, id) ?? ROOT_KEY)}
          issues={issues.get(current)}
          pickers={pickers}
          readOnly={readOnly}
        />
      </div>
    </div>
  );
}
