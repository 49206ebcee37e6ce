import { Card, Col, Row, Spin, Typography } from 'antd';
import { useQrImage } from '../../../lib/useQrImage';
import { instructionVideosUrl } from '../instructions';
import { LinkingChoices } from './LinkingChoices';

/**
 * /link-whatsapp/qrcode-instructions (01 §2.5): a QR that opens the instruction video on the phone, next to the
 * provider's linking flow, so the user watches on the phone while linking on the computer.
 */
export function QrInstructions() {
  const videoUrl = instructionVideosUrl();
  const image = useQrImage(videoUrl);
  return (
    <div className="page linking-page">
      <Typography.Title level={3}>Vincula tu número paso a paso</Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} md={10}>
          <Card title="1. Mira las instrucciones en tu teléfono">
            <div className="linking-qr">
              {image ? (
                <img src={image} alt="Código QR del video de instrucciones" width={220} height={220} />
              ) : (
                <Spin />
              )}
            </div>
            <Typography.Paragraph type="secondary">
              Escanea el código con la cámara de tu teléfono para abrir el video de instrucciones.
            </Typography.Paragraph>
            <Typography.Link href={videoUrl} target="_blank" rel="noreferrer">
              Abrir el video en esta computadora
            </Typography.Link>
          </Card>
        </Col>
        <Col xs={24} md={14}>
          <Typography.Title level={5}>2. Vincula tu número</Typography.Title>
          <LinkingChoices showVideoLink={false} />
        </Col>
      </Row>
    </div>
  );
}
