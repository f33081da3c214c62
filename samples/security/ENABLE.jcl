//ENABLE   JOB (ACCT),'RACF SWITCHES',CLASS=A,MSGCLASS=H,USER=IBMUSER
//*--------------------------------------------------------------------
//* Security on for QMZ1 at its next start: the switch profiles of
//* IBM's lab stay (no alternate user, command resource, context,
//* namelist, process or topic checks) and QMZ1.NO.SUBSYS.SECURITY
//* goes. Then restart QMZ1 (mqsc restart, or STOP QMGR and START
//* QMGR at the console): CSQH021I/CSQH024I say which switches are on.
//*--------------------------------------------------------------------
//TSO      EXEC PGM=IKJEFT01
//SYSTSPRT DD SYSOUT=*
//SYSTSIN  DD *
 RDEFINE MQADMIN (QMZ1.NO.ALTERNATE.USER.CHECKS QMZ1.NO.CMD.RESC.CHECKS +
   QMZ1.NO.CONTEXT.CHECKS QMZ1.NO.NLIST.CHECKS QMZ1.NO.PROCESS.CHECKS +
   QMZ1.NO.TOPIC.CHECKS) OWNER(SYS1)
 RDELETE MQADMIN QMZ1.NO.SUBSYS.SECURITY
 SETROPTS RACLIST(MQADMIN) REFRESH
 SEARCH CLASS(MQADMIN) FILTER(QMZ1.**)
/*
