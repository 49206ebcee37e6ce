import { useMutation, useQuery } from '@apollo/client/react';
import {
  type CompanySettingKey,
  type CompanySettings,
  type CompanyTemplateLanguage,
  categoryNameError,
  hasAnyPermission,
  locationNameError,
} from '@crm/shared';
import { Col, Row, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { CompanySettingsInput } from '../../../gql/graphql';
import { handleError } from '../../../lib/errors';
import { useSession } from '../../session/hooks/useSession';
import {
  CATEGORIES_QUERY,
  COMPANY_SETTINGS_QUERY,
  CREATE_CATEGORY,
  CREATE_LOCATION,
  DELETE_CATEGORY,
  DELETE_LOCATION,
  LOCATIONS_QUERY,
  UPDATE_CATEGORY,
  UPDATE_COMPANY_PROFILE,
  UPDATE_COMPANY_SETTINGS,
  UPDATE_LOCATION,
} from './api/company.graphql';
import { CompanyProfileCard } from './components/CompanyProfileCard';
import { NamedListCard } from './components/NamedListCard';
import { SettingsCard } from './components/SettingsCard';

/** 02 §2 configuration, 'Empresa': company data and settings, locations and categories (02 §3, issue 6). */
export function CompanySettingsTab() {
  const { me, refetchMe } = useSession();
  const canWrite = hasAnyPermission(me.permissions ?? {}, ['writeCompany']);
  const settings = useQuery(COMPANY_SETTINGS_QUERY, { fetchPolicy: 'cache-and-network' });
  const locations = useQuery(LOCATIONS_QUERY, { fetchPolicy: 'cache-and-network' });
  const categories = useQuery(CATEGORIES_QUERY, { fetchPolicy: 'cache-and-network' });
  const [saving, setSaving] = useState<keyof CompanySettings | null>(null);
  const [updateSettings] = useMutation(UPDATE_COMPANY_SETTINGS);
  const [updateProfile] = useMutation(UPDATE_COMPANY_PROFILE);
  const [createLocation] = useMutation(CREATE_LOCATION);
  const [updateLocation] = useMutation(UPDATE_LOCATION);
  const [deleteLocation] = useMutation(DELETE_LOCATION);
  const [createCategory] = useMutation(CREATE_CATEGORY);
  const [updateCategory] = useMutation(UPDATE_CATEGORY);
  const [deleteCategory] = useMutation(DELETE_CATEGORY);

  const error = settings.error ?? locations.error ?? categories.error;
  useEffect(() => {
    if (error) handleError(error);
  }, [error]);

  async function saveSettings(key: keyof CompanySettings, input: CompanySettingsInput) {
    setSaving(key);
    try {
      // The server answers every flag (turning one off may turn another off): that answer replaces the cache.
      await updateSettings({
        variables: { input },
        update: (cache, { data }) => {
          if (data)
            cache.writeQuery({
              query: COMPANY_SETTINGS_QUERY,
              data: { companySettings: data.updateCompanySettings },
            });
        },
      });
    } catch (cause) {
      handleError(cause);
    } finally {
      setSaving(null);
    }
  }

  function changeSetting(key: CompanySettingKey, value: boolean) {
    return saveSettings(key, { [key]: value });
  }

  function changeTemplateLanguage(templateLanguage: CompanyTemplateLanguage) {
    return saveSettings('templateLanguage', { templateLanguage });
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <CompanyProfileCard
            name={me.company.name}
            timezone={me.company.timezone}
            canWrite={canWrite}
            onSave={async (input) => {
              await updateProfile({ variables: { input } });
              await refetchMe();
            }}
          />
          <NamedListCard
            texts={{
              title: 'Ubicaciones',
              newButton: 'Nueva ubicación',
              newTitle: 'Nueva ubicación',
              editTitle: 'Editar ubicación',
              created: 'Ubicación creada',
              updated: 'Ubicación actualizada',
              deleted: 'Ubicación eliminada',
              empty: 'Aún no hay ubicaciones',
              deleteQuestion: (name) => `¿Eliminar la ubicación «${name}»?`,
              deleteDescription: 'Los usuarios de esta ubicación quedarán sin ubicación.',
            }}
            nameError={locationNameError}
            items={locations.data?.locations ?? []}
            loading={locations.loading}
            canWrite={canWrite}
            extraColumns={[
              { title: 'Usuarios', key: 'userCount', width: 100, render: (item) => item.userCount ?? 0 },
            ]}
            onCreate={async (name) => {
              await createLocation({ variables: { input: { name } } });
              await locations.refetch();
            }}
            onUpdate={async (id, name) => {
              await updateLocation({ variables: { id, input: { name } } });
              await locations.refetch();
            }}
            onDelete={async (id) => {
              await deleteLocation({ variables: { id } });
              await locations.refetch();
            }}
          />
          <NamedListCard
            texts={{
              title: 'Categorías',
              newButton: 'Nueva categoría',
              newTitle: 'Nueva categoría',
              editTitle: 'Editar categoría',
              created: 'Categoría creada',
              updated: 'Categoría actualizada',
              deleted: 'Categoría eliminada',
              empty: 'Aún no hay categorías',
              deleteQuestion: (name) => `¿Eliminar la categoría «${name}»?`,
              deleteDescription: 'Las conversaciones de esta categoría quedarán sin categoría.',
            }}
            nameError={categoryNameError}
            items={categories.data?.categories ?? []}
            loading={categories.loading}
            canWrite={canWrite}
            onCreate={async (name) => {
              await createCategory({ variables: { input: { name } } });
              await categories.refetch();
            }}
            onUpdate={async (id, name) => {
              await updateCategory({ variables: { id, input: { name } } });
              await categories.refetch();
            }}
            onDelete={async (id) => {
              await deleteCategory({ variables: { id } });
              await categories.refetch();
            }}
          />
        </Space>
      </Col>
      <Col xs={24} xl={12}>
        {settings.data ? (
          <SettingsCard
            settings={settings.data.companySettings}
            canWrite={canWrite}
            saving={saving}
            onChange={changeSetting}
            onTemplateLanguageChange={changeTemplateLanguage}
          />
        ) : (
          <Skeleton active />
        )}
      </Col>
    </Row>
  );
}
