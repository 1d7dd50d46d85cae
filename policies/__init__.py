"""nousmem.policies."""
