//GROUPS   JOB (ACCT),'RACF GROUPS',CLASS=A,MSGCLASS=H,USER=IBMUSER
//*--------------------------------------------------------------------
//* The groups and users of IBM's z/OS MQ security lab, for QMZ1:
//*  MQSTC    started tasks (the queue manager's, the channel
//*           initiator's, trigger monitors)
//*  MQSYSP   MQ administrators (USER1, and MQSC: the mqsc console)
//*  MQUSERS  general MQ users (USER1, USER2)
//*  CICSSTC  CICS regions
//* USER3 is in none of them.
//*--------------------------------------------------------------------
//TSO      EXEC PGM=IKJEFT01
//SYSTSPRT DD SYSOUT=*
//SYSTSIN  DD *
 ADDGROUP (MQSTC MQSYSP MQUSERS CICSSTC) OWNER(SYS1)
 ADDUSER (START1 QMZ1CHIN) DFLTGRP(MQSTC) NAME('MQ STARTED TASK')
 ADDUSER MQSC DFLTGRP(MQSYSP) NAME('MQSC CONSOLE')
 ADDUSER (USER1 USER2) DFLTGRP(SYS1)
 ADDUSER USER3 DFLTGRP(SYS1) NAME('NOT AN MQ USER')
 CONNECT (USER1 USER2) GROUP(MQUSERS)
 CONNECT USER1 GROUP(MQSYSP)
 LISTGRP MQUSERS
/*
