import { graphql } from '../../../gql';
import type { ReportRecipientsQuery } from '../../../gql/graphql';

/** 01 §7 "reports by company": the recipients of the user's company. */
export const REPORT_RECIPIENTS_QUERY = graphql(`
  query ReportRecipients {
    reports {
      id
      name
      email
      frequency
      isActive
      company
    }
  }
`);

export type ReportRecipientRow = ReportRecipientsQuery['reports'][number];

/** The company is the session's; the API takes none from the form. */
export const CREATE_REPORT = graphql(`
  mutation CreateReport($input: CreateReportInput!) {
    createReport(input: $input) {
      id
      name
      email
      frequency
      isActive
      company
    }
  }
`);

export const UPDATE_REPORT = graphql(`
  mutation UpdateReport($id: Int!, $input: UpdateReportInput!) {
    updateReport(id: $id, input: $input) {
      id
      name
      email
      frequency
      isActive
      company
    }
  }
`);

/** Deletes by e-mail (01 §7 deleteManyReports); answers how many went. */
export const DELETE_REPORTS = graphql(`
  mutation DeleteReports($emails: [String!]!) {
    deleteManyReports(emails: $emails)
  }
`);
