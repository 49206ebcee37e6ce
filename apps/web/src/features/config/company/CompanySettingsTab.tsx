// Being built (issue 6): replaced by the real tab.
export function CompanySettingsTab() {
  return null;
}
