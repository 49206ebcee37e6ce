import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { PLAN_NEXT_PAYMENT } from '../../plans/components/SelectPlan';

interface WelcomeStepProps {
  /** The account was just created in this browser (its session token is stored). */
  signedIn: boolean;
}

// 01 §2.4 welcome: the last step; the plan page comes next, then the first payment (the sign-up's plan and payment
// steps), where /select-plan alone goes to /chat.
export function WelcomeStep({ signedIn }: WelcomeStepProps) {
  const navigate = useNavigate();
  if (!signedIn) {
    return (
      <Result
        status="info"
        title="Tu cuenta ya fue creada"
        subTitle="Inicia sesión con tu correo y tu contraseña para continuar."
        extra={
          <Button type="primary" size="large" onClick={() => navigate('/login')}>
            Iniciar sesión
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status="success"
      title="Tu cuenta está lista"
      subTitle="Elige el plan que mejor se adapte a tu negocio para empezar a atender a tus clientes."
      extra={
        <Button
          type="primary"
          size="large"
          onClick={() => navigate(`/select-plan?next=${PLAN_NEXT_PAYMENT}`)}
        >
          Elegir mi plan
        </Button>
      }
    />
  );
}
