import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { type BusinessProfileFields, PROFILE_GENERIC_ERROR_MESSAGE } from '@crm/shared';
import { Avatar, Button, Card, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { handleError, handleErrorAs, resolveError } from '../../../lib/errors';
import { ruleFrom } from '../../../lib/form-rules';
import { fetchBusinessProfile, saveBusinessProfile } from '../api/linking.rest';
import {
  checkProfilePhoto,
  PROFILE_ABOUT_MAX,
  PROFILE_PHOTO_ACCEPT,
  PROFILE_TEXT_MAX,
  profileFieldError,
  profileVerticalName,
  VERTICAL_OPTIONS,
} from '../linkingRules';

export const SUCCESS_LINK_ROUTE = '/success-link';
const FORM_FIELDS: ReadonlySet<string> = new Set([
  'about',
  'website',
  'vertical',
  'email',
  'description',
  'address',
]);
const PHOTO_FIELDS: ReadonlySet<string> = new Set(['file', 'photo']);
// 01 §8: which field each profile error belongs to when the server does not name one.
const CODE_FIELDS: Record<string, string> = { UPLOADING_ABOUT_ERROR: 'about', UPLOADING_PHOTO_ERROR: 'file' };
const ABOUT_LIMIT = PROFILE_ABOUT_MAX - 1;

function channelIdFrom(raw: string | null): number | null {
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 ? id : null;
}

function revokePreview(url: string | null): void {
  if (url) URL.revokeObjectURL(url);
}

function previewUrl(file: File): string | null {
  // jsdom and very old browsers have no object URLs: the form works without the preview.
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

/**
 * /link-whatsapp/profile (01 §2.5, §3, §5): the WhatsApp business profile, prefilled from the provider. The photo
 * is checked here first (type, 15 MB, 640×640 read from the image) and the form is blocked while it is wrong.
 */
export function ProfileForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const channelId = channelIdFrom(params.get('channelId'));
  const [form] = Form.useForm<BusinessProfileFields>();
  const about = Form.useWatch('about', form) ?? '';
  // Characters as the shared rule counts them (an emoji is one).
  const aboutLength = [...about].length;
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoPreview, setPhotoPreview] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [serverPhotoError, setServerPhotoError] = useState<string | null>(null);
  const [checkingPhoto, setCheckingPhoto] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const objectUrl = useRef<string | null>(null);

  // The preview of a picked photo is an object URL: freed when replaced and when the page closes.
  const showPreview = (url: string | null) => {
    revokePreview(objectUrl.current);
    objectUrl.current = url;
    if (url) setPhotoPreview(url);
  };
  useEffect(() => () => revokePreview(objectUrl.current), []);

  useEffect(() => {
    let active = true;
    fetchBusinessProfile(channelId)
      .then((profile) => {
        if (!active) return;
        const { photoUrl, vertical, ...values } = profile;
        // The provider may answer its enum value ('RESTAURANT'); the select lists the spec's names.
        form.setFieldsValue({ ...values, vertical: profileVerticalName(vertical) ?? undefined });
        setPhotoPreview((current) => current ?? photoUrl);
      })
      .catch((error: unknown) => {
        if (active) handleError(error);
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [channelId, form]);

  const pickPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setServerPhotoError(null);
    setCheckingPhoto(true);
    try {
      const problem = await checkProfilePhoto(file);
      setPhotoError(problem);
      setPhoto(problem ? null : file);
      if (!problem) showPreview(previewUrl(file));
    } finally {
      setCheckingPhoto(false);
    }
  };

  const save = async (values: BusinessProfileFields) => {
    if (photoError) return;
    setSaving(true);
    try {
      const clean: BusinessProfileFields = {
        about: values.about ?? '',
        website: values.website?.trim() ?? '',
        vertical: values.vertical ?? '',
        email: values.email?.trim() ?? '',
        description: values.description ?? '',
        address: values.address ?? '',
      };
      await saveBusinessProfile(clean, photo, channelId);
      navigate(SUCCESS_LINK_ROUTE);
    } catch (error) {
      const resolved = resolveError(error);
      const field = resolved.field ?? CODE_FIELDS[resolved.code];
      if (field && FORM_FIELDS.has(field)) {
        form.setFields([{ name: field as keyof BusinessProfileFields, errors: [resolved.userMessage] }]);
      } else if (field && PHOTO_FIELDS.has(field)) {
        setServerPhotoError(resolved.userMessage);
      } else {
        // 01 §8 Profile: a failure the server did not name shows the profile's own generic text.
        handleErrorAs(error, PROFILE_GENERIC_ERROR_MESSAGE);
      }
    } finally {
      setSaving(false);
    }
  };

  const blocked = photoError !== null || checkingPhoto;

  return (
    <div className="page linking-page">
      <Typography.Title level={3}>Perfil de tu negocio en WhatsApp</Typography.Title>
      <Typography.Paragraph type="secondary">
        Esta información la verán tus clientes al abrir tu perfil de WhatsApp.
      </Typography.Paragraph>
      <Card>
        {loading ? <Spin data-testid="profile-loading" /> : null}
        <Form<BusinessProfileFields>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void save(values)}
          disabled={loading}
        >
          <Form.Item
            label="Foto de perfil"
            validateStatus={photoError || serverPhotoError ? 'error' : undefined}
            help={photoError ?? serverPhotoError ?? 'JPG o PNG, máximo 15 MB y 640×640 píxeles.'}
          >
            <Space size="large" align="center">
              <Avatar
                size={96}
                src={photoPreview ?? undefined}
                icon={<UserOutlined />}
                alt="Vista previa de la foto de perfil"
                data-testid="profile-photo-preview"
              />
              <Button
                icon={<UploadOutlined />}
                loading={checkingPhoto}
                onClick={() => fileInput.current?.click()}
              >
                Elegir foto
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept={PROFILE_PHOTO_ACCEPT}
                aria-label="Archivo de la foto de perfil"
                className="linking-file-input"
                onChange={(event) => void pickPhoto(event)}
              />
            </Space>
          </Form.Item>
          <Form.Item
            label="Acerca de"
            name="about"
            rules={[ruleFrom((value) => profileFieldError('about', value))]}
            extra={
              <span
                data-testid="about-counter"
                className={aboutLength > ABOUT_LIMIT ? 'linking-over' : undefined}
              >
                {aboutLength}/{ABOUT_LIMIT}
              </span>
            }
          >
            <Input.TextArea rows={2} placeholder="Ej. Respondemos de lunes a sábado" />
          </Form.Item>
          <Form.Item
            label="Sitio web"
            name="website"
            rules={[ruleFrom((value) => profileFieldError('website', value))]}
          >
            <Input type="url" placeholder="https://minegocio.com" maxLength={PROFILE_TEXT_MAX.website} />
          </Form.Item>
          <Form.Item label="Giro del negocio" name="vertical">
            <Select
              placeholder="Selecciona una opción"
              options={[...VERTICAL_OPTIONS]}
              allowClear
              data-testid="vertical-select"
            />
          </Form.Item>
          <Form.Item
            label="Correo electrónico"
            name="email"
            rules={[ruleFrom((value) => profileFieldError('email', value))]}
          >
            <Input type="email" placeholder="contacto@minegocio.com" maxLength={PROFILE_TEXT_MAX.email} />
          </Form.Item>
          <Form.Item
            label="Descripción"
            name="description"
            rules={[ruleFrom((value) => profileFieldError('description', value))]}
          >
            <Input.TextArea rows={3} maxLength={PROFILE_TEXT_MAX.description} />
          </Form.Item>
          <Form.Item
            label="Dirección"
            name="address"
            rules={[ruleFrom((value) => profileFieldError('address', value))]}
          >
            <Input maxLength={PROFILE_TEXT_MAX.address} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} disabled={blocked || loading}>
              Guardar perfil
            </Button>
            <Link to={SUCCESS_LINK_ROUTE}>Omitir por ahora</Link>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
