import { MessageOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchFirstMessageQr } from '../api/linking.rest';
import { displayLinkedPhone } from '../linkingRules';

/**
 * /success-link: the confirmation after linking, with the linked number shown by the display rule of 01 §2.5 (the
 * company's first channel, the same number the first-message QR writes to).
 */
export function SuccessLink() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    fetchFirstMessageQr()
      .then((answer) => {
        if (active) setPhone(answer.phone);
      })
      // The confirmation stands without the number (e.g. the page was opened in a signed-out tab).
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);

  return (
    <div className="page linking-page">
      <Result
        status="success"
        title="¡Tu número de WhatsApp quedó vinculado!"
        subTitle={
          phone ? (
            <span data-testid="linked-phone">Número vinculado: {displayLinkedPhone(phone)}</span>
          ) : (
            'Ya puedes recibir y responder los mensajes de tus clientes.'
          )
        }
        extra={
          <Space wrap>
            <Button icon={<QrcodeOutlined />} onClick={() => navigate('/link-whatsapp/qrcode')}>
              Enviar un mensaje de prueba
            </Button>
            <Button type="primary" icon={<MessageOutlined />} onClick={() => navigate('/chat')}>
              Ir al chat
            </Button>
          </Space>
        }
      />
    </div>
  );
}
