import { App } from 'antd';
import { useEffect } from 'react';
import { registerToastApi } from '../../lib/toast';

// Hands the themed, localised message API of antd's App to the code outside React.
export function ToastBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    registerToastApi(message);
  }, [message]);
  return null;
}
