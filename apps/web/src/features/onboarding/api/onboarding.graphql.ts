import { graphql } from '../../../gql';

/** 01 §7: the sign-up record is created by e-mail (or the e-mail's unfinished one is answered). */
export const CREATE_ONBOARDING_MUTATION = graphql(`
  mutation CreateOnboardingInProcess($email: String!) {
    createOnboardingInProcess(email: $email) {
      id
      email
      name
      step
    }
  }
`);
