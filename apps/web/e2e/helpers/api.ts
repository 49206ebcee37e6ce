export const DEMO_PASSWORD = 'Demo12345';

export interface GraphQLResponse<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; userMessage?: string } }>;
}

export async function postJson<T>(
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

export async function loginToken(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const { status, body } = await postJson<{ token?: string }>(`${baseUrl}/api/loginDash`, {
    email,
    password,
  });
  if (status !== 200 || !body.token)
    throw new Error(`Login of ${email} failed with ${status}: ${JSON.stringify(body)}`);
  return body.token;
}

export async function graphql<T>(
  baseUrl: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLResponse<T>> {
  const { body } = await postJson<GraphQLResponse<T>>(`${baseUrl}/graphql`, { query, variables }, token);
  return body;
}

export async function twoFactorUri(
  baseUrl: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const { status, body } = await postJson<{ factor?: { status: string; binding?: { uri: string } } }>(
    `${baseUrl}/api/sendTwoFactorCode`,
    { email, password },
  );
  const uri = body.factor?.binding?.uri;
  if (status !== 200 || !uri)
    throw new Error(`No otpauth URI for ${email} (${status}): ${JSON.stringify(body)}`);
  return uri;
}

export const ME_QUERY = `query Me { me { id name rol { name } permissions company { status isBoardsActive hasUsed2FA } } }`;

export interface MeResult {
  me: {
    id: number;
    name: string;
    rol: { name: string } | null;
    permissions: Record<string, boolean>;
    company: { status: string; isBoardsActive: boolean; hasUsed2FA: boolean };
  };
}

/** Deletes the company role named `roleName`, if there is one (a test's clean-up). */
export async function deleteRoleByName(baseUrl: string, token: string, roleName: string): Promise<void> {
  const roles = await graphql<{ roles: Array<{ id: number; name: string }> }>(
    baseUrl,
    token,
    '{ roles { id name } }',
  );
  const role = roles.data?.roles.find((r) => r.name === roleName);
  if (role) await graphql(baseUrl, token, 'mutation($id: Int!) { deleteRole(id: $id) }', { id: role.id });
}
