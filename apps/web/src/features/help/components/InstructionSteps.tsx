import { Card, Typography } from 'antd';
import type { InstructionVideo } from '../helpContent';

export function InstructionSteps({ video }: { video: InstructionVideo }) {
  return (
    <Card
      size="small"
      title={video.title}
      className="help-instructions"
      data-testid={`instructions-${video.key}`}
    >
      <ol className="help-steps">
        {video.steps.map((step) => (
          <li key={step}>
            <Typography.Text>{step}</Typography.Text>
          </li>
        ))}
      </ol>
    </Card>
  );
}
